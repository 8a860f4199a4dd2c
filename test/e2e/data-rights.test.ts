/**
 * The applicant's data rights through the pages, with the keyboard alone and axe on every state:
 * Download my data (the account menu, the status page), Close my account (its refusals, then
 * signed out and told so), a submitted application's refusal in the office's words, and the
 * console's Erase this application (admins, a dialog asking the reason).
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { completeApplication } from '../support/answers';
import { PASSWORD as API_PASSWORD, registeredApplicant } from '../support/client';
import { signedInStaff } from '../support/staff';
import { baseUrl, DESKTOP, expectAccessible, expectOpenAccessible, loggedInContext, useBrowser } from './browser';

const browser = useBrowser();

/** Tabs forward until `target` has focus (keyboard only). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

describe('closing my account with the keyboard', () => {
  it('opens from the account menu, says what goes, refuses until password and confirmation are right, then signs out and says so', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'close');
    expect((await page.request.put('/api/answer', { data: { first_name: 'Ada' } })).status()).toBe(200);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: '1. About You' }).waitFor();

    const toggle = page.getByRole('button', { name: 'Account' });
    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    const menu = page.locator('.account-menu__popover');
    await expectOpenAccessible(page, menu, 'the account menu with the data rights');
    expect(await page.getByRole('link', { name: 'Download my data' }).getAttribute('href')).toBe('/api/account/export');
    await tabTo(page, page.getByRole('link', { name: 'Close my account' }));
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account/close');
    await page.getByRole('heading', { level: 1, name: 'Close your account' }).waitFor();
    await page.getByText('every document you uploaded', { exact: false }).waitFor();
    await expectAccessible(page, 'the close-account page');

    const submit = page.getByRole('button', { name: 'Close my account' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    const summary = page.locator('.error-summary');
    await summary.getByText('Enter your current password to close your account.').waitFor();
    await summary.getByText(/Tick the box to confirm/).waitFor();
    expect(await page.title()).toMatch(/^Error: /);
    await expectAccessible(page, 'the close-account page with both problems');

    await typeInto(page, page.getByLabel('Your current password'), 'Not-the-password-1!');
    await tabTo(page, page.getByRole('checkbox'));
    await page.keyboard.press('Space');
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await summary.getByText(/That password is not correct/).waitFor();
    await expectAccessible(page, 'the close-account page with a wrong password');

    const password = page.getByLabel('Your current password');
    await password.fill('');
    await typeInto(page, password, API_PASSWORD);
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Your account has been closed' }).waitFor();
    await page.getByText(/You have been signed out/).waitFor();
    await expectAccessible(page, 'the account closed');
    // Signed out: the menu offers to sign in, and the session is gone on the server.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect((await page.request.get('/api/profile')).status()).toBe(401);
    await context.close();
  }, 120_000);
});

describe('after submitting', () => {
  it('the status page downloads my data by keyboard, and closing the account is not offered, in words naming the office', async () => {
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'submitted');
    expect((await page.request.put('/api/answer', { data: completeApplication() })).status()).toBe(200);
    expect((await page.request.post('/api/submit')).status()).toBe(200);
    await page.goto('/completion');
    await page.getByRole('heading', { level: 1, name: 'Application received' }).waitFor();
    const link = page.locator('.completion').getByRole('link', { name: 'Download my data' });
    await tabTo(page, link);
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    expect((await download).suggestedFilename()).toBe('my-application-data.zip');
    await expectAccessible(page, 'the status page with Download my data');

    // A submitted application is the office's record: the page offers no form, and says whom to write to.
    await page.goto('/account/close');
    await page.getByRole('heading', { level: 1, name: 'Close your account' }).waitFor();
    await page.getByText('Your submitted application stays with the admissions office', { exact: false }).waitFor();
    expect(await page.getByRole('link', { name: institution.helpEmail }).getAttribute('href')).toBe(`mailto:${institution.helpEmail}`);
    expect(await page.getByLabel('Your current password').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Close my account' }).count()).toBe(0);
    await expectAccessible(page, 'the refusal of a submitted application');
    expect((await page.request.get('/api/profile')).status()).toBe(200);
    await context.close();
  }, 120_000);
});

describe("the console's erasure", () => {
  it('an admin erases a submitted application from its page, confirming with a reason in a dialog', async () => {
    const applicant = await registeredApplicant(baseUrl());
    expect((await applicant.put('/api/answer', completeApplication())).status).toBe(200);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    const reference = (await applicant.get<{ reference: string }>('/api/profile')).body.reference;
    const admin = await signedInStaff(baseUrl(), undefined, 'admin');
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    await context.addCookies([...admin.jar].map(([name, value]) => ({ name, value, url: baseUrl() })));
    const page = await context.newPage();
    await page.goto(`/staff/applications/${applicant.subject}`);
    await page.getByRole('heading', { level: 2, name: 'Erase this application' }).waitFor();

    await tabTo(page, page.getByRole('button', { name: 'Erase this application' }));
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expectOpenAccessible(page, dialog, 'the erase dialog');
    const confirm = dialog.getByRole('button', { name: 'Erase the application' });
    await tabTo(page, confirm);
    await page.keyboard.press('Enter');
    await dialog.locator('.error-summary').getByText('Say why this application is erased.').waitFor();
    await expectOpenAccessible(page, dialog, 'the erase dialog without a reason');

    await typeInto(page, dialog.getByLabel(/Why is it erased/), 'Asked by the applicant in writing');
    await tabTo(page, confirm);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Submitted applications' }).waitFor();
    await page.getByText(`The application ${reference} has been erased.`).waitFor();
    await expectAccessible(page, 'the list after an erasure');
    expect((await admin.get(`/staff/api/applications/${applicant.subject}`)).status).toBe(404);
    await context.close();
  }, 120_000);

  it('a reader sees no erase button', async () => {
    const applicant = await registeredApplicant(baseUrl());
    expect((await applicant.put('/api/answer', completeApplication())).status).toBe(200);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    const reader = await signedInStaff(baseUrl(), undefined, 'reader');
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: DESKTOP });
    await context.addCookies([...reader.jar].map(([name, value]) => ({ name, value, url: baseUrl() })));
    const page = await context.newPage();
    await page.goto(`/staff/applications/${applicant.subject}`);
    await page.getByRole('heading', { level: 2, name: 'Answers' }).waitFor();
    expect(await page.getByRole('button', { name: 'Erase this application' }).count()).toBe(0);
    await context.close();
  }, 60_000);
});
