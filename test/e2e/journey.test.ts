import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../fixtures/pdf-text';
import { DESKTOP, expectAccessible, expectOpenAccessible, newPage, PASSWORD, PHONE, shot, SHOTS, signUpAndLogIn, uniqueEmail, useBrowser } from './browser';

const browser = useBrowser();

async function radio(page: Page, question: string | RegExp, option: string) {
  await page.getByRole('group', { name: question }).getByLabel(option, { exact: true }).check();
}

async function fillAboutYou(page: Page) {
  await page.getByLabel('Last Name', { exact: true }).first().fill('Lovelace');
  await page.getByLabel('Date of Birth', { exact: true }).fill('2007-12-10');
  await radio(page, 'Gender', 'Female');
  await page.getByLabel('Cell Phone', { exact: true }).fill('2125550123');
  await page.getByLabel('Emergency Contact Phone', { exact: true }).fill('2125550199');
  await page.getByLabel('Country', { exact: true }).first().selectOption('USA');
  await page.getByLabel('Address', { exact: true }).fill('1 Main Street');
  await page.getByLabel('City', { exact: true }).first().fill('New York');
  await page.getByLabel('State/Province').first().selectOption('NY');
  await page.getByLabel('ZIP/Postal Code').first().fill('10001');
  await radio(page, 'Citizen Type', 'U.S. Citizen or U.S. National');
}

async function fillAcademics(page: Page) {
  await page.getByLabel('When do you plan to enroll?').selectOption({ index: 1 });
  await page.getByLabel('What are you interested in studying?').selectOption({ index: 1 });
  await page.getByLabel('Search for Your School', { exact: true }).fill('Nowhere Academy');
  await page.getByRole('option', { name: 'Use: Nowhere Academy' }).click();
  await page.getByText('Enter your school information below.').waitFor();
  await radio(page, /Do you want standardized test scores/, 'No');
}

async function fillFinalSteps(page: Page) {
  await radio(page, 'Have you been convicted of a felony?', 'No');
  await radio(page, 'Have you been suspended from any school?', 'No');
  await radio(page, /I waive my right/, 'Yes');
  await page.getByLabel(/I certify that the information/).check();
}

describe('a newcomer’s whole journey', () => {
  it('keeps answers typed before sign-up, shows the error summary, resumes and submits', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    const email = uniqueEmail('journey');
    await page.goto('/about');
    await page.getByLabel('First Name', { exact: true }).first().fill('Ada');
    // Anonymous with an answer: the navigation sends the visitor to sign up, answers in hand.
    await page.getByRole('link', { name: '2. Your Academics' }).click();
    await page.waitForURL('**/signup');
    await signUpAndLogIn(page, email);
    await page.getByRole('heading', { name: "You're in!" }).waitFor();
    expect(await page.getByLabel('First Name', { exact: true }).first().inputValue()).toBe('Ada');

    // Submitting with gaps: summary, focused, assertive, links to page#key.
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const summary = page.getByRole('alert').filter({ hasText: "We're missing some information!" });
    await summary.waitFor();
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, '/about in the error state');
    await shot(page, 'error-summary-1280');
    if (SHOTS) {
      await page.setViewportSize(PHONE);
      await shot(page, 'error-summary-375');
      await page.setViewportSize(DESKTOP);
    }
    // Grouped by page, in page order, each with what is left to fix there.
    const groups = await summary.getByRole('heading', { level: 3 }).allTextContents();
    expect(groups.map((g) => g.replace(/: \d+ to fix$/, ''))).toEqual(['1. About You', '2. Your Academics', '3. Final Steps']);
    const link = summary.getByRole('link', { name: 'Last Name' });
    expect(await link.getAttribute('href')).toBe('/about#last_name');
    await link.click();
    await page.waitForFunction(() => document.activeElement?.id === 'last_name');
    const lastName = page.locator('#last_name');
    expect(await lastName.getAttribute('aria-describedby')).toContain('last_name-error');

    await fillAboutYou(page);
    await page.getByRole('link', { name: '2. Your Academics' }).click();
    await page.waitForURL('**/education-ug');
    await fillAcademics(page);
    await page.getByRole('link', { name: '3. Final Steps' }).click();
    await page.waitForURL('**/final-steps');

    // Resume: a new session in a fresh browser lands on the last page visited.
    const second = await newPage(browser(), PHONE);
    await second.page.goto('/login');
    await second.page.getByLabel('Email').fill(email);
    await second.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await second.page.getByRole('button', { name: 'Sign in' }).click();
    await second.page.waitForURL('**/final-steps');
    await second.context.close();

    await fillFinalSteps(page);
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.waitForURL('**/completion');
    await page.getByText('Your application was successfully submitted.').waitFor();
    await expectAccessible(page, '/completion');

    // The PDF copy: the page polls GET /api/pdf until it is rendered, then offers the download.
    const download = page.getByRole('link', { name: 'Download my application (PDF)' });
    await download.waitFor({ timeout: 45_000 });
    await shot(page, 'completion-1280');
    if (SHOTS) {
      await page.setViewportSize(PHONE);
      await shot(page, 'completion-375');
      await page.setViewportSize(DESKTOP);
    }
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const bytes = await readFile(await file.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Printed by form's one printer (the service view and the fallback print the same rows), headed
    // by the submission time and the reference the profile names.
    const { text } = await pdfText(new Uint8Array(bytes));
    expect(text).toContain('Lovelace');
    expect(text).toContain('No document attached');
    expect(text).toMatch(/Submitted \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
    expect(text).toMatch(/Reference [0-9A-HJKMNP-TV-Z]{8}/);

    // Submitted: every route, the sign-in screens included, leads back to /completion.
    for (const path of ['/education-ug', '/login', '/signup']) {
      await page.goto(path);
      await page.waitForURL('**/completion');
    }
    await context.close();
  }, 120_000);
});

describe('idle timeout', () => {
  it('warns a minute early and logs out after 15 minutes without activity', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await page.clock.install();
    await signUpAndLogIn(page, uniqueEmail('idle'));
    // The idle timer loads after sign-in (its own chunk) and its clock starts when it mounts: its
    // closed dialog in the page says it has (waiting for a quiet network alone raced a slow load).
    await page.locator('dialog[role="alertdialog"]').waitFor({ state: 'attached' });
    await page.clock.fastForward('14:01');
    const prompt = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await prompt.waitFor();
    await expectOpenAccessible(page, prompt, 'the idle prompt');
    await prompt.getByRole('button', { name: 'Yes - Take me back to my application' }).click();
    await prompt.waitFor({ state: 'hidden' });
    await page.clock.fastForward('15:01');
    await page.waitForURL('**/login');
    await page.getByText('You have been automatically logged out due to inactivity.').waitFor();
    await context.close();
  });
});

describe('lost session', () => {
  it('sends the applicant to /login with the session message when the server refuses the session', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    await signUpAndLogIn(page, uniqueEmail('lost'));
    await page.route('**/api/answer', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"no"}' }));
    await page.getByLabel('First Name', { exact: true }).first().fill('Grace');
    await page.getByRole('link', { name: '2. Your Academics' }).click();
    await page.waitForURL('**/login');
    await page.getByText('Your session is invalid. Please clear your cookies and login again.').waitFor();
    await expectAccessible(page, '/login with the session message');
    await context.close();
  });
});
