/**
 * The admissions office's console in real Chromium against the real local stack: a staff member
 * invited through the dev endpoint signs in with the new password and MFA set-up (codes computed
 * from the secret the screen shows, as an authenticator app would), finds a submitted
 * application, reads it and its access record, exports, issues a temporary link a visitor opens,
 * signs out and in again with a code; with the keyboard only, and axe on every screen and state.
 * An admin invites a colleague on the Staff screen and deactivates one, keyboard only, axe in every state.
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeApplication } from '../support/answers';
import { registeredApplicant, uniqueEmail } from '../support/client';
import { addStaffUser, signedInStaff, STAFF_PASSWORD, totpCode } from '../support/staff';
import {
  baseUrl,
  DESKTOP,
  expectAccessible as axe,
  expectOpenAccessible,
  latestMail,
  newPage,
  PHONE,
  sessionContext,
  SETTLE,
  shot,
  uniqueLetters,
  useBrowser,
} from './browser';

const browser = useBrowser();

/** Moves focus with Tab (Shift+Tab when `back`) until `target` has it: proof it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`not reached with the keyboard: ${String(target)}`);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** An applicant who has submitted, under a last name no other test uses. */
async function submittedApplicant(lastName: string): Promise<void> {
  const a = await registeredApplicant(baseUrl());
  expect((await a.put('/api/answer', { ...completeApplication(), last_name: lastName })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
}

/** axe on what the page shows now, and a screenshot of it when E2E_SCREENSHOTS is set. */
async function expectAccessible(page: Page, what: string): Promise<void> {
  await shot(page, `staff ${page.viewportSize()?.width}px ${what}`.replace(/[^\w -]/g, ''));
  await axe(page, what);
}

const focused = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('the staff console', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    // One long journey (an invitation, sign-in, every screen with axe, a temporary link): about 40 s
    // on a quiet machine, so it gets more than the project's 60 s for a loaded one.
    it(
      `is used with the keyboard from the invitation to a temporary link, accessible on every screen at ${viewport.width}px`,
      { timeout: 150_000 },
      async () => {
        const lastName = `Keyboard${uniqueLetters(6)}`;
        await submittedApplicant(lastName);
        const staff = await addStaffUser(baseUrl());
        const { context, page } = await newPage(browser(), viewport);

        // Asking for the list without a session leads to the sign-in, which brings the person back afterwards.
        await page.goto('/staff');
        await page.waitForURL('**/staff/login?next=*');
        await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor();
        await expectAccessible(page, 'the staff sign-in');

        // A submit with nothing filled in: the summary takes focus and links to the fields.
        await tabTo(page, page.getByRole('button', { name: 'Sign in' }));
        await page.keyboard.press('Enter');
        await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
        await expectAccessible(page, 'the sign-in with field errors');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter'); // the first link: to the Email field
        await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('username');

        await page.keyboard.type(staff.email);
        await typeInto(page, page.getByLabel('Password', { exact: true }), 'Wrong-password-1!');
        await page.keyboard.press('Enter');
        await page.getByRole('alert').filter({ hasText: 'Incorrect' }).waitFor();
        await expectAccessible(page, 'a refused password');

        await tabTo(page, page.getByLabel('Password', { exact: true }), { back: true });
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type(staff.temporaryPassword);
        await page.keyboard.press('Enter');

        // First sign-in: a password of one's own.
        await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
        await expect.poll(() => focused(page)).toBe('Choose a new password');
        await expectAccessible(page, 'the new-password step');
        await typeInto(page, page.getByLabel('New password', { exact: true }), STAFF_PASSWORD);
        await typeInto(page, page.getByLabel('Confirm new password', { exact: true }), STAFF_PASSWORD);
        await page.keyboard.press('Enter');

        // The authenticator app: a QR code, and the secret as text for whoever cannot scan.
        await page.getByRole('heading', { level: 1, name: 'Set up your authenticator app' }).waitFor();
        await page.getByRole('img', { name: 'QR code that adds this account to an authenticator app' }).waitFor();
        await expectAccessible(page, 'the authenticator set-up');
        const secret = (await page.locator('.staff-secret').innerText()).replace(/\s/g, '');
        expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
        await typeInto(page, page.getByLabel('6-digit code'), '000000');
        await page.keyboard.press('Enter');
        await page.getByRole('alert').filter({ hasText: 'That code is not right' }).waitFor();
        await expectAccessible(page, 'a refused code');
        await tabTo(page, page.getByLabel('6-digit code'), { back: true });
        await page.keyboard.press('ControlOrMeta+a');
        await page.keyboard.type(totpCode(secret));
        await page.keyboard.press('Enter');

        // Signed in, back where the person was going: the list.
        await page.getByRole('heading', { level: 1, name: 'Submitted applications' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/staff/applications');
        await expectAccessible(page, 'the applications list');

        await typeInto(page, page.getByLabel('Search by name, e-mail or reference'), lastName);
        await page.keyboard.press('Enter');
        await page.waitForURL(`**/staff/applications?*q=${lastName}*`);
        const row = page.getByRole('row', { name: new RegExp(lastName) });
        await row.waitFor();
        await expect.poll(() => page.getByRole('row').count()).toBe(2); // the header and this one
        await expect.poll(() => focused(page)).toBe('Results, page 1');
        await expectAccessible(page, 'a searched list');

        // Filters: a major the applicant did not choose leaves nothing; theirs brings them back.
        await tabTo(page, page.getByLabel('Major'), { back: true });
        await page.keyboard.type('Nursing'); // a closed select takes the option typed
        await tabTo(page, page.getByRole('button', { name: 'Search' }));
        await page.keyboard.press('Enter');
        await page.getByText('No submitted applications match these filters.').waitFor();
        expect(new URL(page.url()).search).toBe(`?major=NURS&q=${lastName}`);
        await expectAccessible(page, 'a list with nothing matching');
        await tabTo(page, page.getByLabel('Major'), { back: true });
        await page.keyboard.type('Computer');
        await tabTo(page, page.getByRole('button', { name: 'Search' }));
        await page.keyboard.press('Enter');
        await row.waitFor();
        expect(new URL(page.url()).search).toBe(`?major=CS&q=${lastName}`);

        const exportCsv = page.getByRole('link', { name: 'Export CSV' });
        // The list shows the current cycle (the tests' timetable: "This cycle"); the export asks for it by id.
        expect(await exportCsv.getAttribute('href')).toBe(`/staff/api/export.csv?major=CS&q=${lastName}&cycle=current`);
        expect(await page.getByLabel('Cycle').inputValue()).toBe('current');
        expect(await row.innerText()).toMatch(/Regular Decision\s+This cycle/);
        // The export answers with a short-lived download link (a 303) to the file, which the browser saves.
        await tabTo(page, exportCsv);
        const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
        expect(download.suggestedFilename()).toMatch(/\.csv$/);
        const csv = await readFile(await download.path(), 'utf8');
        expect(csv).toContain(lastName);
        expect(csv.split('\r\n')[0]).toMatch(/^\uFEFF?"?id"?,"?reference"?,"?submitted_at"?/);

        // These filters saved by name (issue 39, item 6), then applied from the plain list: a saved set is a link.
        await tabTo(page, page.getByLabel('Name of the filter set'), { back: true });
        await page.keyboard.type(`Computer science ${lastName}`);
        await page.keyboard.press('Enter');
        await page
          .getByRole('status')
          .filter({ hasText: `The filter set “Computer science ${lastName}” is saved.` })
          .waitFor();
        await expectAccessible(page, 'a filter set saved');
        await tabTo(page, page.getByRole('link', { name: 'Clear filters' }), { back: true });
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === '/staff/applications' && url.search === '');
        const apply = page.getByRole('link', { name: `Apply the filter set “Computer science ${lastName}”` });
        await apply.waitFor();
        await tabTo(page, apply);
        await page.keyboard.press('Enter');
        await page.waitForURL(`**/staff/applications?*q=${lastName}*`);
        await row.waitFor();
        expect(new URL(page.url()).search).toBe(`?major=CS&q=${lastName}`);
        await expectAccessible(page, 'a saved filter set applied');

        await tabTo(page, row.getByRole('link'));
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: `Ada ${lastName}` }).waitFor();
        await expect.poll(() => focused(page)).toBe(`Ada ${lastName}`);
        await page.getByRole('heading', { level: 3, name: /About You/ }).waitFor();
        await expectAccessible(page, 'one application');

        // Its PDF: asked for again with the keyboard until rendered, then downloaded.
        const pdfLink = page.getByRole('link', { name: 'Download the application PDF' });
        let asked = false;
        for (let i = 0; !(await pdfLink.isVisible()) && i < 60; i++) {
          const again = page.getByRole('button', { name: 'Check again' });
          if (await again.isVisible()) {
            await tabTo(page, again);
            await page.keyboard.press('Enter');
            asked = true;
          }
          await page.waitForTimeout(1000);
        }
        // The button is gone with the PDF: the keyboard continues from the link that replaced it.
        if (asked) await expect.poll(() => focused(page)).toBe('Download the application PDF');
        await expectAccessible(page, 'one application with its PDF');
        const pdf = await page.request.get((await pdfLink.getAttribute('href'))!);
        expect(pdf.status()).toBe(200);
        expect(new TextDecoder().decode((await pdf.body()).subarray(0, 5))).toBe('%PDF-');

        // The office's notes: one added with the keyboard (issue 39, item 4).
        await page.getByText('No notes yet.').waitFor();
        await tabTo(page, page.getByLabel('New note'));
        await page.keyboard.type('Called the counselor.');
        await tabTo(page, page.getByRole('button', { name: 'Add the note' }));
        await page.keyboard.press('Enter');
        await page.getByRole('status').filter({ hasText: 'Your note is added.' }).waitFor();
        await page.getByText('Called the counselor.').waitFor();
        await expectAccessible(page, 'a note added');

        await tabTo(page, page.getByRole('link', { name: 'Who has read this application' }), { back: true });
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: 'Access record of this application' }).waitFor();
        await page
          .getByRole('row', { name: new RegExp(staff.email) })
          .first()
          .waitFor();
        await expectAccessible(page, "the application's access record");

        // The applications in progress (issue 39, item 3), as the stack holds them now.
        await tabTo(page, page.getByRole('link', { name: 'In progress' }), { back: true });
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: 'Applications in progress' }).waitFor();
        await expectAccessible(page, 'the applications in progress');

        // A temporary link for a prospect, opened by a visitor who sees the prepared answer.
        await tabTo(page, page.getByRole('link', { name: 'Temporary links' }), { back: true });
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: 'Temporary links' }).waitFor();
        await expectAccessible(page, 'the temporary-link form');
        await tabTo(page, page.getByRole('button', { name: 'Create link' }));
        await page.keyboard.press('Enter');
        await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
        await expectAccessible(page, 'the temporary-link form with errors');
        await page.keyboard.press('Tab');
        await page.keyboard.press('Enter');
        await page.keyboard.type('Prospect');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 2, name: 'Link created' }).waitFor();
        await expect.poll(() => focused(page)).toBe('Link created');
        await expectAccessible(page, 'a created link');
        const url = await page.getByLabel('Temporary link').inputValue();
        const visitor = await newPage(browser(), viewport);
        await visitor.page.goto(url);
        await expect.poll(() => visitor.page.getByLabel('First Name', { exact: true }).inputValue(), SETTLE).toBe('Prospect');
        await visitor.context.close();

        await tabTo(page, page.getByRole('link', { name: 'Access record', exact: true }), { back: true });
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: 'Access record' }).waitFor();
        await page
          .getByRole('row', { name: /Issued a temporary link \(7 days\) with: first name/ })
          .first()
          .waitFor();
        await expectAccessible(page, 'the office-wide access record');

        // Signing out, then in again: this time the code alone (the next time step: a code counts once).
        await tabTo(page, page.getByRole('button', { name: 'Sign out' }), { back: true });
        await page.keyboard.press('Enter');
        await page.getByRole('status', { name: 'Staff sign-in message' }).waitFor();
        await expectAccessible(page, 'signed out');
        await typeInto(page, page.getByLabel('Email'), staff.email);
        await typeInto(page, page.getByLabel('Password', { exact: true }), STAFF_PASSWORD);
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' }).waitFor();
        await expectAccessible(page, 'the code step');
        await typeInto(page, page.getByLabel('6-digit code'), totpCode(secret, 1));
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: 'Submitted applications' }).waitFor();
        await context.close();
      },
    );
  }

  it(
    'an admin invites a colleague and deactivates another on the Staff screen, with the keyboard only, accessible in every state',
    { timeout: 120_000 },
    async () => {
      const [admin, leaving] = await Promise.all([signedInStaff(baseUrl(), undefined, 'admin'), signedInStaff(baseUrl(), undefined, 'reader')]);
      const { context, page } = await sessionContext(browser(), admin);
      await page.goto('/staff/applications');
      await page.getByRole('heading', { level: 1, name: 'Submitted applications' }).waitFor();
      await tabTo(page, page.getByRole('link', { name: 'Staff', exact: true }));
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
      const leavingRow = page.getByRole('row', { name: new RegExp(leaving.email) });
      await leavingRow.waitFor();
      await expectAccessible(page, 'the staff users');

      // An invitation with a wrong address: the summary takes focus and leads to the field.
      await typeInto(page, page.getByLabel('E-mail address'), 'not an address');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary'))).toBe(true);
      await expectAccessible(page, 'the invitation with an error');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('email');
      const colleague = uniqueEmail('colleague');
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.type(colleague);
      await tabTo(page, page.getByLabel('Role', { exact: true }));
      await page.keyboard.type('decider');
      await tabTo(page, page.getByRole('button', { name: 'Send the invitation' }));
      await page.keyboard.press('Enter');
      const status = page.getByRole('status').filter({ hasText: `${colleague} is invited as decider` });
      await status.waitFor();
      await expect.poll(() => focused(page)).toContain(`${colleague} is invited`);
      await page.getByRole('row', { name: new RegExp(`${colleague}.*decider.*Not set up.*Never.*Invited`) }).waitFor();
      expect((await latestMail(colleague)).code).toBeTruthy();
      await expectAccessible(page, 'a colleague invited');

      // Deactivating: a confirmation first, then the row says so and the outcome is announced.
      await tabTo(page, leavingRow.getByRole('button', { name: `Deactivate ${leaving.email}` }));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Deactivate ${leaving.email}?` });
      await expectOpenAccessible(page, dialog, 'the deactivation confirmation');
      await tabTo(page, dialog.getByRole('button', { name: 'Deactivate', exact: true }));
      await page.keyboard.press('Enter');
      await page
        .getByRole('status')
        .filter({ hasText: `${leaving.email} is deactivated` })
        .waitFor();
      await expect.poll(() => focused(page)).toContain(`${leaving.email} is deactivated`);
      await page.getByRole('row', { name: new RegExp(`${leaving.email}.*Deactivated.*Reactivate`) }).waitFor();
      await expectAccessible(page, 'after a deactivation');
      // Their session ends: the console answers them with the sign-in.
      await expect.poll(async () => (await leaving.get('/staff/api/session')).status, { timeout: 60_000, interval: 500 }).toBe(401);

      // The admin's own row offers no deactivation; a reader sees no Staff screen in the navigation.
      expect(
        await page
          .getByRole('row', { name: new RegExp(admin.email) })
          .getByRole('button', { name: /Deactivate/ })
          .count(),
      ).toBe(0);
      await context.close();
      const reader = await signedInStaff(baseUrl(), undefined, 'reader');
      const readers = await sessionContext(browser(), reader);
      await readers.page.goto('/staff/applications');
      await readers.page.getByRole('heading', { level: 1, name: 'Submitted applications' }).waitFor();
      expect(await readers.page.getByRole('link', { name: 'Staff', exact: true }).count()).toBe(0);
      await readers.page.goto('/staff/staff-users');
      await readers.page.getByRole('heading', { level: 1, name: 'No access' }).waitFor();
      await readers.context.close();
    },
  );
});
