/**
 * From review to the applicant's reply, in real Chromium against the real local stack, with the
 * keyboard: a reader opens the queue and reviews, a decider decides in bulk from the list, an
 * admin schedules a release (and cancels it) and releases now, and the applicant reads the letter
 * on the status page and accepts. axe on each screen and state. The staff members sign in through
 * the API (the console's sign-in is covered by staff-console.test.ts); the browser gets their cookies.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { policies } from '#form/institution-policies';
import type { ApplicantDecision } from '#form/wire/decisions';
import type { ApplicationDetail } from '#form/wire/responses';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff } from '../support/staff';
import { baseUrl, expectAccessible, expectOpenAccessible, sessionContext, SETTLE, uniqueLetters, useBrowser } from './browser';

const browser = useBrowser();

/** Focus, then the key a keyboard user presses: Space on a radio or a checkbox, Enter on a button. */
async function press(target: Locator, key: 'Space' | 'Enter'): Promise<void> {
  await target.focus();
  await target.page().keyboard.press(key);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** Tomorrow's date on the institution's clock (YYYY-MM-DD). */
function tomorrowThere(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: institution.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + 86_400_000),
  );
}

describe('from review to reply', () => {
  it('a reader reviews from the queue, a decider decides in bulk, an admin releases, and the applicant accepts, with the keyboard', async () => {
    const lastName = `Decided${uniqueLetters(6)}`;
    const applicant = await registeredApplicant(baseUrl());
    expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: 'Grace', last_name: lastName })).status).toBe(200);
    expect((await applicant.post('/api/submit')).status).toBe(200);
    const id = applicant.subject;
    const reference = (await applicant.get<{ reference: string }>('/api/profile')).body.reference;
    const [reader, decider, admin] = await Promise.all([
      signedInStaff(baseUrl(), undefined, 'reader'),
      signedInStaff(baseUrl(), undefined, 'decider'),
      signedInStaff(baseUrl(), undefined, 'admin'),
    ]);

    // The reader: the queue opens an application; then they review this one (an error first, then the scores).
    {
      const { context, page } = await sessionContext(browser(), reader);
      await page.goto('/staff/applications');
      const next = page.getByRole('button', { name: 'Next application to read' });
      await next.waitFor();
      expect(await page.getByRole('button', { name: /^Decide/ }).count()).toBe(0);
      await expectAccessible(page, 'the list as a reader');
      await press(next, 'Enter');
      await page.waitForURL(/\/staff\/applications\/[^/?]+$/);
      await page.getByRole('button', { name: 'Save review' }).waitFor();

      await page.goto(`/staff/applications/${id}`);
      const save = page.getByRole('button', { name: 'Save review' });
      await save.waitFor();
      expect(await page.getByRole('region', { name: 'Decision' }).count()).toBe(0);
      await press(save, 'Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.classList.contains('error-summary') ?? false), SETTLE).toBe(true);
      await expectAccessible(page, 'the review form with errors');
      for (const criterion of policies.reviewRubric) await press(page.getByRole('group', { name: criterion.label }).getByRole('radio', { name: '4' }), 'Space');
      await press(page.getByRole('group', { name: 'Recommendation' }).getByRole('radio', { name: 'Admit' }), 'Space');
      await page.getByLabel('Notes (optional)').focus();
      await page.keyboard.type('Strong transcript, thoughtful essay.');
      await press(save, 'Enter');
      await expect.poll(() => focusedText(page), SETTLE).toBe('Your review has been saved.');
      await expectAccessible(page, 'a saved review');
      await context.close();
    }
    const reviewed = await decider.get<ApplicationDetail>(`/staff/api/applications/${id}`);
    expect(reviewed.body.office_status).toBe('in_review');
    expect(reviewed.body.reviews?.map((r) => [r.reviewer, r.recommendation])).toEqual([[reader.email, 'admit']]);

    // The decider: select the application in the list, choose Admit, confirm in the dialog.
    {
      const { context, page } = await sessionContext(browser(), decider);
      await page.goto(`/staff/applications?q=${lastName}`);
      const select = page.getByRole('checkbox', { name: `Select ${reference}` });
      await select.waitFor();
      await press(select, 'Space');
      await page.getByLabel('Decision', { exact: true }).focus();
      await page.keyboard.type('Admit');
      expect(await page.getByLabel('Decision', { exact: true }).inputValue()).toBe('admit');
      await expectAccessible(page, 'the list with a selection');
      await press(page.getByRole('button', { name: 'Decide 1 selected' }), 'Enter');
      const dialog = page.getByRole('dialog', { name: 'Decide 1 application?' });
      await expectOpenAccessible(page, dialog, 'the bulk decision dialog');
      await press(dialog.getByRole('button', { name: 'Admit 1 application' }), 'Enter');
      await expect.poll(() => focusedText(page), SETTLE).toMatch(/^Admit recorded for 1 application/);
      await expectAccessible(page, 'a bulk decision recorded');
      await context.close();
    }
    expect((await decider.get<ApplicationDetail>(`/staff/api/applications/${id}`)).body).toMatchObject({
      office_status: 'decided',
      decision: { decision: 'admit' },
    });
    expect((await applicant.get<ApplicantDecision>('/api/decision')).body).toEqual({ status: 'pending' });

    // The admin: schedule a release for tomorrow, see it pending, cancel it; then release now.
    {
      const { context, page } = await sessionContext(browser(), admin);
      await page.goto('/staff/releases');
      await page.getByRole('heading', { level: 1, name: 'Releases' }).waitFor();
      await press(page.getByRole('radio', { name: /^Every decided application \(\d+\)$/ }), 'Space');
      await press(page.getByRole('radio', { name: 'At a date and time' }), 'Space');
      await page.getByLabel('Date', { exact: true }).fill(tomorrowThere());
      await page.getByLabel('Time', { exact: true }).fill('10:00');
      await expectAccessible(page, 'a release being scheduled');
      await press(page.getByRole('button', { name: 'Schedule the release' }), 'Enter');
      const schedule = page.getByRole('dialog', { name: 'Schedule this release?' });
      await expectOpenAccessible(page, schedule, 'the schedule dialog');
      await press(schedule.getByRole('button', { name: 'Schedule the release' }), 'Enter');
      const cancel = page.getByRole('button', { name: /^Cancel the release of/ });
      await cancel.waitFor(SETTLE);
      await expectAccessible(page, 'a pending release');
      await press(cancel, 'Enter');
      const cancelling = page.getByRole('dialog', { name: 'Cancel this release?' });
      await cancelling.waitFor();
      await press(cancelling.getByRole('button', { name: 'Cancel the release' }), 'Enter');
      await expect.poll(() => cancel.count(), SETTLE).toBe(0);

      await press(page.getByRole('radio', { name: 'Now' }), 'Space');
      await press(page.getByRole('button', { name: 'Release now' }), 'Enter');
      const now = page.getByRole('dialog', { name: /^Release the decisions of \d+ applications? now\?$/ });
      await now.waitFor();
      await press(now.getByRole('button', { name: 'Release now' }), 'Enter');
      await expect.poll(async () => (await applicant.get<ApplicantDecision>('/api/decision')).body.status, SETTLE).toBe('released');
      await expectAccessible(page, 'a release done');
      await context.close();
    }

    // The applicant: the letter on the status page, then the reply, confirmed.
    {
      const { context, page } = await sessionContext(browser(), applicant);
      await page.goto('/completion');
      const section = page.getByRole('region', { name: 'Your decision' });
      await section.getByRole('heading', { name: policies.decisions.letters.admit.title }).waitFor(SETTLE);
      await expect.poll(() => section.textContent()).toContain('Dear Grace');
      expect(await section.getByRole('link', { name: /Download the letter/ }).getAttribute('href')).toBe('/api/decision/letter/download');
      await expectAccessible(page, 'the released decision');
      await press(section.getByRole('group', { name: 'How do you reply?' }).getByRole('radio', { name: 'Accept the offer' }), 'Space');
      await press(section.getByRole('button', { name: 'Continue' }), 'Enter');
      await expect.poll(() => focusedText(page)).toBe('Confirm your reply');
      await expectAccessible(page, 'the reply to confirm');
      await press(section.getByRole('button', { name: 'Confirm: Accept the offer' }), 'Enter');
      await expect.poll(() => focusedText(page), SETTLE).toMatch(/^Your reply has been sent: Accept the offer/);
      await expectAccessible(page, 'the reply sent');
      await context.close();
    }
    expect((await applicant.get<ApplicantDecision>('/api/decision')).body).toMatchObject({
      status: 'released',
      decision: 'admit',
      reply: { chosen: 'accept' },
    });
    expect((await admin.get<ApplicationDetail>(`/staff/api/applications/${id}`)).body).toMatchObject({
      office_status: 'released',
      decision: { reply: 'accept' },
    });
  }, 240_000);
});
