/**
 * Settings in real Chromium (#36.5): an admin adds a banner and rewrites the admit letter in the
 * console (preview first, then save), and the admitted applicant sees both: the banner above the
 * form and the letter on the status page, without a deploy; an e-mail's preview as it will arrive.
 * axe on the Settings screen with its error summary and with its previews. An admin's API clients:
 * made with the keyboard, the secret used at the token endpoint, revoked in its dialog. A stack of its own (its words cache set to 0 s): edited
 * words would change what the other files' applicants read.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETION_PATH } from '#form/contract';
import { completeApplication } from '../support/answers';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { consoleProblems, expectAccessible, sessionContext, SETTLE, uniqueLetters, useBrowser } from './browser';

import { usesOwnStack } from './stack-lease';

// A stack of its own (started below): it leases none of the project's.
usesOwnStack();
const browser = useBrowser();
const tag = uniqueLetters(6);
let stack: ChildStack;
let admin: StaffClient;
let ada: ApiClient;

beforeAll(async () => {
  stack = await startChildStack({ env: { OFFICE_WORDS_CACHE_SECONDS: '0' } });
  let decider: StaffClient;
  [admin, decider, ada] = await Promise.all([
    signedInStaff(stack.url, undefined, 'admin'),
    signedInStaff(stack.url, undefined, 'decider'),
    registeredApplicant(stack.url),
  ]);
  expect((await ada.put('/api/answer', { ...completeApplication(), first_name: `Ada${tag}` })).status).toBe(200);
  expect((await ada.post('/api/submit')).status).toBe(200);
  expect((await decider.post('/staff/api/decisions', { ids: [ada.subject], decision: 'admit' })).status).toBe(200);
  expect((await admin.post('/staff/api/releases', { ids: [ada.subject] })).status).toBe(200);
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

/** Preview, then save; the status says which version was saved. */
async function previewAndSave(page: Page, saved: string) {
  await page.getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.waitFor();
  await preview.getByRole('button', { name: 'Save these words' }).click();
  await expect.poll(() => page.getByRole('status').filter({ hasText: saved }).count(), SETTLE).toBe(1);
}

describe('Settings', () => {
  it('an admin changes a banner and a letter, and the applicant sees both', async () => {
    const office = await sessionContext(browser(), admin, { url: stack.url });
    const problems = consoleProblems(office.page);
    const page = office.page;
    await page.goto('/staff/settings');
    await page.getByRole('heading', { level: 2, name: 'Announcements' }).waitFor();

    const banner = `Open day on Saturday ${tag}`;
    await page.getByRole('button', { name: 'Add an announcement' }).click();
    const added = page.getByRole('group').last();
    await added.getByLabel('Text').fill(banner);
    await added.getByLabel('First day shown').fill('2020-01-01');
    await added.getByLabel('Day it stops showing').fill('2019-12-01');
    await page.getByRole('button', { name: 'Preview' }).click();
    await expect.poll(() => page.getByRole('alert').innerText(), SETTLE).toContain('2019-12-01 is not after from (2020-01-01)');
    await expectAccessible(page, 'Settings with its error summary');
    await added.getByLabel('Day it stops showing').fill('2099-01-01');
    await previewAndSave(page, 'Saved the announcements (version 1)');

    await page.getByRole('link', { name: 'Decision letters' }).click();
    const admit = page.getByRole('group', { name: 'Admit letter' });
    await admit.waitFor();
    await admit.getByLabel('Title').fill('Welcome aboard, {first_name}!');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.getByRole('article', { name: 'Admit letter' }).getByRole('heading').innerText(), SETTLE).toBe('Welcome aboard, Ada!');
    await expectAccessible(page, 'Settings with a letter’s preview');
    await preview.getByRole('button', { name: 'Save these words' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Saved the decision letters (version 1)' }).count(), SETTLE).toBe(1);
    await page.getByText(/Version 1, saved by/).waitFor();

    // An e-mail's preview: as it will arrive, with the edited subject (axe on it too).
    await page.getByRole('link', { name: 'E-mails' }).click();
    const release = page.getByRole('group', { name: 'Decision released e-mail' });
    await release.getByLabel('Subject').fill(`An update from {institution} ${tag}`);
    await page.getByRole('button', { name: 'Preview' }).click();
    const mailPreview = page.getByRole('region', { name: 'Preview' }).getByRole('article', { name: 'Decision released e-mail' });
    await expect.poll(() => mailPreview.innerText(), SETTLE).toMatch(new RegExp(`Subject\\s+An update from .+ ${tag}`));
    await expectAccessible(page, 'Settings with an e-mail’s preview');
    expect(problems).toEqual([]);
    await office.context.close();

    // The banner is above the form, which a visitor sees (a submitted applicant is taken to the status page).
    const visitor = await browser().newContext({ baseURL: stack.url });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/');
    await expect.poll(() => visitorPage.getByText(banner).count(), SETTLE).toBe(1);
    await visitor.close();

    const applicant = await sessionContext(browser(), ada, { url: stack.url });
    await applicant.page.goto(COMPLETION_PATH);
    await applicant.page.getByRole('heading', { name: `Welcome aboard, Ada${tag}!` }).waitFor();
    await applicant.context.close();
    // About 45 s before the e-mails' preview, which adds some 15 s (axe over eleven e-mails' fields): past the project's 60 s.
  }, 120_000);

  it('an admin makes an API client with the keyboard, its secret works at the token endpoint, and revoking it in the dialog ends it', async () => {
    const office = await sessionContext(browser(), admin, { url: stack.url });
    const problems = consoleProblems(office.page);
    const page = office.page;
    await page.goto('/staff/settings');
    await page.getByRole('link', { name: 'API clients' }).click();
    await page.getByRole('heading', { level: 1, name: 'API clients' }).waitFor();
    // Keyboard only: the summary first, then the fields.
    await page.getByRole('button', { name: 'Create client' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role')), SETTLE).toBe('alert');
    await expectAccessible(page, 'API clients with its error summary');
    const name = `vendor-${tag.toLowerCase()}`;
    await page.getByLabel(/^Name/).focus();
    await page.keyboard.type(name);
    await page.getByRole('checkbox', { name: /Read submitted applications/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Create client' }).focus();
    await page.keyboard.press('Enter');
    const made = page.getByRole('heading', { level: 2, name: `Client ${name} created` });
    await made.waitFor();
    await expect.poll(() => made.evaluate((el) => el === document.activeElement), SETTLE).toBe(true);
    await expectAccessible(page, 'API clients with a new secret');
    const id = await page.getByLabel('Client id').inputValue();
    const secret = await page.getByLabel('Client secret').inputValue();
    const token = () =>
      fetch(`${stack.url}/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      });
    expect((await token()).status).toBe(200);

    await page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('button', { name: `Revoke the client ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Revoke the client ${name}?` });
    await dialog.waitFor();
    await expectAccessible(page, 'API clients with the revocation dialog open');
    await dialog.getByRole('button', { name: `Revoke ${name}` }).click();
    await expect
      .poll(
        () =>
          page
            .getByRole('status')
            .filter({ hasText: `The client ${name} is revoked` })
            .count(),
        SETTLE,
      )
      .toBe(1);
    expect((await token()).status).toBe(401);
    expect(problems).toEqual([]);
    await office.context.close();
  }, 60_000);
});
