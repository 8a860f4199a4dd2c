/**
 * The staff console in real Chromium against the real local stack: every time it shows names the
 * institution's time zone (whatever the reader's own clock), and the temporary links an office
 * manages: issued with a recipient (the link arrives in the dev outbox), shown whole and copied,
 * listed, opened by the prospect (who is told the office prepared it), revoked (the link is dead
 * at once). axe on every state, the copied one included.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { submittedAtInWords } from '#form/print';
import type { ApplicationPage } from '#form/wire/responses';
import { completeApplication } from '../support/answers';
import { ApiClient, registeredApplicant } from '../support/client';
import { addStaffUser, signedInStaff, STAFF_PASSWORD, totpCode } from '../support/staff';
import { baseUrl, consoleProblems, DESKTOP, expectAccessible, latestMail, PHONE, SETTLE, uniqueEmail, uniqueLetters, useBrowser } from './browser';

const browser = useBrowser();
/** A reader far from the institution: the console must still speak the institution's time. */
const READER_ZONE = 'Asia/Tokyo';
const TIME_WITH_ZONE =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM) (CST|CDT)\b/;

/** A staff member signed in through the console itself: temporary password, new password, authenticator. */
async function signedInConsole(viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const staff = await addStaffUser(baseUrl());
  const context = await browser().newContext({ baseURL: baseUrl(), viewport, timezoneId: READER_ZONE });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  const page = await context.newPage();
  await page.goto('/staff/login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.temporaryPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
  await page.getByLabel('New password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByLabel('Confirm new password', { exact: true }).fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' }).waitFor();
  const secret = (await page.locator('.staff-secret').innerText()).replace(/\s/g, '');
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Submitted applications' }).waitFor();
  return { context, page, email: staff.email };
}

describe('the staff console', () => {
  it("states every time on the institution's clock with its zone, whatever the reader's own", async () => {
    const lastName = `Zone${uniqueLetters(6)}`;
    const applicant = await registeredApplicant(baseUrl());
    expect((await applicant.put('/api/answer', { ...completeApplication(), last_name: lastName })).status).toBe(200);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    const reader = await signedInStaff(baseUrl());
    const listed = await reader.get<ApplicationPage>(`/staff/api/applications?q=${lastName}`);
    const submittedAt = listed.body.items[0]!.submitted_at;
    const expected = submittedAtInWords(submittedAt);
    expect(expected).toMatch(TIME_WITH_ZONE);

    const { context, page } = await signedInConsole();
    const problems = consoleProblems(page);
    await page.goto(`/staff/applications?q=${lastName}`);
    const row = page.getByRole('row', { name: new RegExp(lastName) });
    await expect.poll(() => row.innerText(), SETTLE).toContain(expected);
    await expectAccessible(page, 'the list with zoned times');

    await row.getByRole('link').click();
    await page.getByRole('heading', { level: 1, name: `Ada ${lastName}` }).waitFor();
    await expect.poll(() => page.locator('.staff-facts').innerText(), SETTLE).toContain(expected);

    await page.getByRole('link', { name: 'Who has read this application' }).click();
    await page.getByRole('heading', { level: 1, name: 'Access record of this application' }).waitFor();
    // The page's other reads (its notes, its possible duplicates) are recorded beside it: the read of the application is one of the rows.
    const read = page.getByRole('row').filter({ hasText: new RegExp(`Read the application [0-9A-Z]{8} \\(Ada ${lastName}\\)`) });
    await read.first().waitFor();
    expect(await read.first().getByRole('cell').nth(2).innerText()).toMatch(new RegExp(`^Read the application [0-9A-Z]{8} \\(Ada ${lastName}\\)$`));
    expect(await read.first().getByRole('cell').first().innerText()).toMatch(TIME_WITH_ZONE);

    await page.getByRole('link', { name: 'Access record', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Access record' }).waitFor();
    await page.getByRole('cell', { name: 'Signed in', exact: true }).first().waitFor();
    for (const cell of await page.locator('tbody tr td:first-child').all()) expect(await cell.innerText()).toMatch(TIME_WITH_ZONE);
    await expectAccessible(page, 'the office-wide access record in words');
    expect(problems).toEqual([]);
    await context.close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`issues a temporary link to a recipient, lists it, and revokes it: the link is dead at once (${viewport.width}px)`, async () => {
      const { context, page, email: staffEmail } = await signedInConsole(viewport);
      const recipient = uniqueEmail('prospect');
      const name = `Pat ${uniqueLetters(5)}`;
      await page.getByRole('link', { name: 'Temporary links' }).click();
      await page.getByRole('heading', { level: 1, name: 'Temporary links' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Links issued' }).waitFor();
      await expectAccessible(page, 'the temporary-links page');

      await page.getByLabel('First name').fill('Prospect');
      await page.getByLabel('Recipient’s name').fill(name);
      await page.getByLabel('Recipient’s e-mail').fill(recipient);
      await page.getByLabel(/Link expires after/).fill('14');
      await page.getByRole('button', { name: 'Create link' }).click();
      await page.getByRole('heading', { level: 2, name: 'Link created' }).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Link created');
      await page.getByText(`It has been e-mailed to ${recipient}.`).waitFor();
      const url = await page.getByLabel('Temporary link').inputValue();
      expect(url).toMatch(/^http:\/\/[^/]+\/about\?token=[\w-]{40,}$/);
      // The whole link is on screen, not cut off in a one-line box.
      const box = page.getByLabel('Temporary link');
      expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await expect.poll(() => page.getByText(/This is the only time the whole link is shown/).innerText()).toMatch(TIME_WITH_ZONE);
      // The form is fresh for the next prospect.
      expect(await page.getByLabel('First name').inputValue()).toBe('');
      expect(await page.getByLabel('Recipient’s e-mail').inputValue()).toBe('');
      await expectAccessible(page, 'a link just issued');

      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByRole('status').filter({ hasText: 'Copied to the clipboard.' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await expectAccessible(page, 'the link copied');

      // The recipient's copy, through the app's mail path.
      const mail = await latestMail(recipient);
      expect(mail.text.split('\n')).toContain(url);
      expect(mail.text).toContain(`Dear ${name},`);

      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.waitFor();
      expect(await row.innerText()).toContain(`by ${staffEmail}`);
      expect(await row.innerText()).toContain(recipient);
      expect(await row.innerText()).toContain('Not yet');

      // The prospect opens it and is told who prepared it.
      const visitor = await browser().newContext({ baseURL: baseUrl(), viewport });
      const prospect = await visitor.newPage();
      await prospect.goto(url);
      await expect.poll(() => prospect.getByLabel('First Name', { exact: true }).inputValue(), SETTLE).toBe('Prospect');
      await prospect.getByText(`${institution.name} has started your application. Check the answers and create an account to continue.`).waitFor();
      await expectAccessible(prospect, "the prospect's prepared application");
      await visitor.close();

      await page.reload();
      const opened = page.getByRole('row', { name: new RegExp(name) });
      await expect.poll(async () => (await opened.getByRole('cell').nth(3).innerText()).trim(), SETTLE).toMatch(TIME_WITH_ZONE);

      await opened.getByRole('button', { name: `Revoke the link for ${name}, ${recipient}` }).click();
      await page.getByText(`The link for ${name}, ${recipient} is revoked: it no longer opens the application.`).waitFor();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Links issued');
      await expect.poll(() => opened.innerText()).toMatch(new RegExp(`Revoked .* by ${staffEmail.replace(/[.]/g, '\\.')}`));
      await expectAccessible(page, 'a link revoked');

      // Dead at once: the public route answers as for an unknown link, and the page says it has expired.
      const token = new URL(url).searchParams.get('token')!;
      const dead = await new ApiClient(baseUrl()).get(`/public/tmp?token=${token}`);
      expect(dead.status).toBe(404);
      const late = await browser().newContext({ baseURL: baseUrl(), viewport: DESKTOP });
      const latePage = await late.newPage();
      await latePage.goto(url);
      await latePage.getByRole('heading', { level: 1, name: 'This link has expired' }).waitFor();
      await late.close();

      // The access record says it in words.
      await page.getByRole('link', { name: 'Access record', exact: true }).click();
      await page.getByRole('cell', { name: `Issued a temporary link (14 days) with: first name for ${name} (${recipient})` }).waitFor();
      await page.getByRole('cell', { name: `Revoked a temporary link issued by ${staffEmail} for ${name} (${recipient})` }).waitFor();
      await context.close();
    });
  }
});
