/**
 * Recommendations in the browser (issue 22): an applicant invites their counselor from the Final
 * Steps page, the invitation arrives in the dev outbox, the counselor opens its link on a 320 px
 * screen without an account and sends a letter with the keyboard alone (axe on every state), and
 * the applicant then sees it submitted. A link that no longer works says so.
 */
import type { FileChooser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pdf } from '../fixtures/documents';
import {
  consoleProblems,
  DESKTOP,
  expectAccessible,
  expectOpenAccessible,
  latestMail,
  loggedInContext,
  newPage,
  SETTLE,
  shot,
  uniqueEmail,
  useBrowser,
} from './browser';

const browser = useBrowser();
const NARROW = { width: 320, height: 720 };

/** Moves focus with Tab alone until `target` has it (the keyboard's way through the page). */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Nothing wider than the screen: no sideways scrolling at 320 px. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('recommendations', () => {
  it('an applicant invites their counselor; the counselor submits a letter through /recommend with the keyboard; the applicant sees it submitted', async () => {
    const counselorEmail = uniqueEmail('counselor');
    const { context, page } = await loggedInContext(browser(), DESKTOP, 'recs');
    const saved = await page.request.put('/api/answer', {
      // The applicant's own name too: the invitation says whose letter it is.
      data: { first_name: 'Ada', last_name: 'Lovelace', counselor_first_name: 'Grace', counselor_last_name: 'Hopper', counselor_email_address: counselorEmail },
    });
    expect(saved.status()).toBe(200);

    // The applicant: Final Steps, the waiver answered on the page (saved by the invitation), the counselor pre-filled.
    await page.goto('/final-steps');
    const section = page.getByRole('region', { name: 'Recommendations' });
    await section.getByRole('button', { name: 'Send the invitation' }).waitFor();
    await expect.poll(() => section.getByLabel('E-mail address').inputValue(), SETTLE).toBe(counselorEmail);
    expect(await section.getByRole('button', { name: 'Send the invitation' }).isDisabled()).toBe(true);
    await page.locator('#counselor_waiver_request-Y').check();
    await section.getByRole('button', { name: 'Send the invitation' }).click();
    await section.getByText(`We sent an invitation to Grace Hopper at ${counselorEmail}.`).waitFor();
    const counselor = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Counselor: Grace Hopper' }) });
    await counselor.getByText('Invited', { exact: true }).waitFor();
    await expectAccessible(page, 'the Final Steps page with an invitation sent');
    await shot(page, 'recommendations-invited');

    // A teacher: a bad address is named in the summary, which takes focus; then invited, and cancelled after the dialog.
    await section.getByLabel('First name').fill('Alan');
    await section.getByLabel('Last name').fill('Turing');
    await section.getByLabel('E-mail address').fill('alan-at-school');
    await section.getByRole('button', { name: 'Send the invitation' }).click();
    const inviteSummary = section.getByRole('alert').filter({ hasText: 'There is a problem' });
    await inviteSummary.waitFor();
    expect(await inviteSummary.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'the invitation with a bad address');
    const teacherEmail = uniqueEmail('teacher');
    await section.getByLabel('E-mail address').fill(teacherEmail);
    await section.getByRole('button', { name: 'Send the invitation' }).click();
    const teacher = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Teacher: Alan Turing' }) });
    await teacher.getByText('Invited', { exact: true }).waitFor();
    await teacher.getByRole('button', { name: 'Cancel this request to Alan Turing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this invitation?' });
    await expectOpenAccessible(page, dialog, 'the cancel dialog');
    await dialog.getByRole('button', { name: 'Cancel the invitation' }).click();
    await teacher.getByText('Cancelled', { exact: true }).waitFor();
    await expect.poll(() => teacher.locator('.recommendations__status').evaluate((el) => el === document.activeElement), SETTLE).toBe(true);
    const teacherLink = new URL((await latestMail(teacherEmail)).link ?? '');
    const cancelled = await page.request.get(`/public/recommendation${teacherLink.search}`);
    expect(cancelled.status(), 'a cancelled link no longer works').toBe(404);

    // The counselor: the link from the e-mail, no account, a narrow screen, the keyboard only.
    const mail = await latestMail(counselorEmail);
    expect(mail.link ?? '').toMatch(/\/recommend\?token=[A-Za-z0-9_-]{22,}/);
    const link = new URL(mail.link ?? '');
    const recommender = await newPage(browser(), NARROW);
    const r = recommender.page;
    const problems = consoleProblems(r);
    // Listening for the file chooser from the start: the browser intercepts it only once the listener is
    // known, which, subscribed in the same breath as the key press, a loaded machine can deliver late.
    const chooserOpened = new Promise<FileChooser>((resolve) => r.once('filechooser', resolve));
    await r.goto(`${link.pathname}${link.search}`);
    await r.getByRole('heading', { level: 2, name: /^For\b/ }).waitFor();
    // No applicant's navigation (account menu, form pages): the header's only one is the language switcher (issue 41).
    expect(await r.getByRole('navigation').evaluateAll((navs) => navs.map((n) => n.getAttribute('aria-label')))).toEqual(['Language']);
    expect(await r.getByText('The applicant has waived the right to read this letter: it stays confidential.').count()).toBe(1);
    expect(await fitsWidth(r)).toBe(true);
    await expectAccessible(r, '/recommend loaded at 320 px');

    // Submit with nothing: the summary takes focus and names each problem.
    await tabTo(r, r.getByRole('button', { name: 'Submit the recommendation' }));
    await r.keyboard.press('Enter');
    const summary = r.getByRole('alert').filter({ hasText: 'There is a problem' });
    await summary.waitFor();
    expect(await summary.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(r, '/recommend with validation errors at 320 px');
    await shot(r, 'recommend-errors');

    // The summary's first link leads to the letter; Space opens the file chooser.
    await tabTo(r, summary.getByRole('link', { name: 'Upload your letter before submitting.' }));
    await r.keyboard.press('Enter');
    const letterInput = r.getByLabel('Your letter', { exact: true });
    expect(await letterInput.evaluate((el) => el === document.activeElement)).toBe(true);
    await r.keyboard.press('Space');
    const chooser = await Promise.race([
      chooserOpened,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('Space on the focused letter field opened no file chooser')), SETTLE.timeout)),
    ]);
    await chooser.setFiles({ name: 'letter.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf(['To whom it may concern: Maya is excellent.'])) });
    await r.getByText('is uploaded and ready', { exact: false }).waitFor({ timeout: SETTLE.timeout });
    await expect.poll(() => letterInput.evaluate((el) => el === document.activeElement), SETTLE).toBe(true);
    await expectAccessible(r, '/recommend with the letter uploaded at 320 px');

    await tabTo(r, r.getByLabel('How do you know the applicant?'));
    await r.keyboard.type('School counselor');
    await tabTo(r, r.getByLabel('Year you first met the applicant'));
    await r.keyboard.type(String(new Date().getFullYear() - 2));
    await tabTo(r, r.getByLabel(/Comments for the admissions office/));
    await r.keyboard.type('Happy to answer questions.');
    await tabTo(r, r.getByRole('button', { name: 'Submit the recommendation' }));
    await r.keyboard.press('Enter');
    const thanks = r.getByRole('heading', { level: 2, name: 'Thank you: your letter has been submitted' });
    await thanks.waitFor({ timeout: SETTLE.timeout });
    expect(await thanks.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await fitsWidth(r)).toBe(true);
    await expectAccessible(r, '/recommend submitted at 320 px');
    await shot(r, 'recommend-submitted');
    expect(problems.filter((p) => !p.includes('400'))).toEqual([]);
    await recommender.context.close();

    // The applicant sees the letter arrived (never the letter).
    await page.reload();
    await counselor.getByText('Submitted', { exact: true }).waitFor({ timeout: SETTLE.timeout });
    expect(await counselor.getByRole('button').count()).toBe(0);
    await context.close();
  });

  it('a link that no longer works says so in words and what to do, accessibly at 320 px', async () => {
    const { context, page } = await newPage(browser(), NARROW);
    await page.goto(`/recommend?token=${'x'.repeat(43)}`);
    await page.getByRole('heading', { level: 2, name: 'This link no longer works' }).waitFor();
    await page.getByText('Ask the applicant to send you a new one.', { exact: false }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await expectAccessible(page, '/recommend with a dead link at 320 px');
    await context.close();
  });
});
