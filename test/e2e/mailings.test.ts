/**
 * A mailing in real Chromium against the real local stack (issue 40): an officer writes one on the
 * console's Mailings screen to the applicants a search finds (its count shown), previews it for
 * real recipients, sends a test to themselves, then sends it; the dev outbox has each recipient's
 * message once. With the keyboard only, and axe on each state: compose, the saved draft, the
 * preview, the test's confirmation, the send's confirmation and its progress, the list after it.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { completeApplication } from '../support/answers';
import { outbox, registeredApplicant } from '../support/client';
import { signedInStaff } from '../support/staff';
import { baseUrl, expectAccessible, sessionContext, SETTLE, uniqueLetters, useBrowser } from './browser';

const browser = useBrowser();
const RECIPIENTS = 3;

/** Moves focus with Tab until `target` has it: proof it is reachable by keyboard. */
async function tabTo(page: Page, target: Locator, max = 120): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`not reached with the keyboard: ${String(target)}`);
}

async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

async function press(page: Page, button: Locator): Promise<void> {
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

describe('mailings in the console', () => {
  it('an officer composes, previews, tests and sends a mailing with the keyboard; each recipient gets it once', { timeout: 240_000 }, async () => {
    const lastName = `Mailing${uniqueLetters(8)}`;
    const emails: string[] = [];
    const recipients: Array<Awaited<ReturnType<typeof registeredApplicant>>> = [];
    for (let n = 0; n < RECIPIENTS; n++) {
      const a = await registeredApplicant(baseUrl());
      expect((await a.put('/api/answer', { ...completeApplication(), last_name: lastName })).status).toBe(200);
      expect((await a.post('/api/submit')).status).toBe(200);
      emails.push(a.username);
      recipients.push(a);
    }
    const officer = await signedInStaff(baseUrl(), undefined, 'decider');
    const { context, page } = await sessionContext(browser(), officer);
    const subject = `Open day ${lastName}`;
    try {
      await page.goto('/staff/mailings');
      await page.getByRole('heading', { level: 1, name: 'Mailings' }).waitFor();
      await expectAccessible(page, 'the mailings: compose');

      await typeInto(page, page.getByRole('textbox', { name: 'Subject' }), subject);
      await typeInto(page, page.getByRole('textbox', { name: 'Message' }), 'Dear {first_name},\n\nOur open day is on Saturday: {status_link}');
      await typeInto(page, page.getByRole('textbox', { name: 'Search (name, e-mail or reference)' }), lastName);
      await press(page, page.getByRole('button', { name: 'Save the draft and count its recipients' }));
      await page.getByRole('heading', { level: 2, name: 'Send the mailing' }).waitFor();
      await expect.poll(() => page.getByText(`The filter finds ${RECIPIENTS} recipients now`).count(), SETTLE).toBe(1);
      await expectAccessible(page, 'the mailings: a saved draft with its count');

      await press(page, page.getByRole('button', { name: 'Preview for three recipients' }));
      await page.getByRole('heading', { level: 3, name: `Preview (${RECIPIENTS} recipients)` }).waitFor();
      expect(await page.locator('.staff-mailing__samples li').count()).toBe(3);
      await expectAccessible(page, 'the mailings: the preview');

      await press(page, page.getByRole('button', { name: 'Send a test to myself' }));
      await page
        .getByRole('status')
        .filter({ hasText: `A test was sent to ${officer.email}` })
        .waitFor();
      await expect
        .poll(async () => (await outbox(baseUrl())).filter((m) => m.to === officer.email && m.subject === `[Test] ${subject}`).length, SETTLE)
        .toBe(1);
      await expectAccessible(page, 'the mailings: the test’s confirmation');

      await press(page, page.getByRole('button', { name: 'Send the mailing' }));
      const sent = page.getByRole('status').filter({ hasText: `The mailing is being sent to ${RECIPIENTS} recipients.` });
      await sent.waitFor();
      // The outcome takes focus, so a screen reader says it.
      expect(await sent.evaluate((el) => el === document.activeElement)).toBe(true);
      await expectAccessible(page, 'the mailings: the send’s confirmation');
      await page.getByText(/^Progress: \d+ sent, \d+ queued, 0 failed, 0 suppressed\.$/).waitFor();
      await expectAccessible(page, 'the mailings: the progress');

      // Each recipient once, the officer's test aside.
      await expect
        .poll(
          async () =>
            (await outbox(baseUrl()))
              .filter((m) => m.subject === subject)
              .map((m) => m.to)
              .sort(),
          SETTLE,
        )
        .toEqual([...emails].sort());
      const cells = () => page.getByRole('row', { name: new RegExp(`^${subject} `) }).getByRole('cell');
      await expect
        .poll(async () => {
          await page.reload();
          await page.getByRole('heading', { level: 1, name: 'Mailings' }).waitFor();
          // The state with its finish ("Sent, finished <when>"): a finished mailing is marked sent.
          return (await cells().allTextContents()).filter((_, i) => i !== 1).map((text, i) => (i === 0 ? text.replace(/, finished .+$/, ', finished') : text));
        }, SETTLE)
        .toEqual(['Sent, finished', String(RECIPIENTS), String(RECIPIENTS), '0', '0', '0']);
      await expectAccessible(page, 'the mailings: the list after the send');
    } finally {
      await context.close();
    }

    // A recipient reads it in the portal too, from the account menu, with the keyboard.
    const reader = await sessionContext(browser(), recipients[0]!);
    try {
      const p = reader.page;
      await p.goto('/completion');
      await p.getByRole('heading', { level: 1 }).first().waitFor();
      await press(p, p.getByRole('button', { name: 'Account' }));
      await press(p, p.getByRole('link', { name: 'Messages' }));
      await p.waitForURL('**/account/messages');
      await p.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
      const item = p.getByRole('listitem').filter({ has: p.getByRole('heading', { level: 2, name: subject }) });
      await item.waitFor();
      await press(p, item.getByText('Read the message'));
      await item.getByText('Our open day is on Saturday').waitFor();
      await expectAccessible(p, 'the applicant’s Messages page, a message open');
    } finally {
      await reader.context.close();
    }
  });
});
