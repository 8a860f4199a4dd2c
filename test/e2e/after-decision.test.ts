/**
 * What an applicant meets after a decision (issue 44, items 1, 2 and 9), in real Chromium at
 * 1280 and 375 px: the status page in each state (submitted; an admit, a waitlist place and a
 * denial released; an offer accepted) leads with what is new, says what happens next for that
 * state, stops offering recommendation invitations and reminders once the decision is final, and
 * says whether materials still awaited are still needed; the reply-by date comes before the entry
 * term starts; the reply is confirmed by e-mail with the institution's next step, and the letter
 * no longer asks for it; the office's list says "Accepted". axe on every state.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { institution } from '#form/institution';
import { policies } from '#form/institution-policies';
import type { ApplicantDecision } from '#form/wire/decisions';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { baseUrl, DESKTOP, expectAccessible, latestMail, PHONE, sessionContext, SETTLE, uniqueEmail, uniqueLetters, useBrowser } from './browser';

const browser = useBrowser();
type Applicant = ApiClient & { username: string };
type Released = Extract<ApplicantDecision, { status: 'released' }>;

/**
 * The reply-by date an offer for this term should carry, worked out here on its own: the
 * configured day, or the day before the term's first day when the term begins on or before it
 * (Spring begins on January 1, Fall on August 1: the sample calendar of form/terms.ts).
 */
function expectedReplyBy(termLabel: string, configured: string): string {
  const [season, year] = termLabel.split(' ');
  const starts = season === 'Spring' ? `${year}-01-01` : `${year}-08-01`;
  if (starts > configured) return configured;
  return new Date(Date.parse(`${starts}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
const inWords = (day: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T12:00:00Z`));

async function submitted(firstName: string, lastName: string): Promise<Applicant> {
  const a = await registeredApplicant(baseUrl(), uniqueEmail('decided'));
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: firstName, last_name: lastName, test_optional: 'N' })).status).toBe(200);
  // A counselor invited before the decision: the status page lists them with the request's actions.
  const invited = await a.post('/api/recommendations', { role: 'counselor', first_name: 'Grace', last_name: 'Hopper', email: uniqueEmail('counselor') });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  return a;
}

/** The page's regions as a person finds them. */
const decisionRegion = (page: Page) => page.getByRole('region', { name: 'Your decision' });
const nextSteps = (page: Page) => page.getByRole('region', { name: 'What happens next' });
const materials = (page: Page) => page.getByRole('region', { name: 'Your materials' });
const recommendations = (page: Page) => page.getByRole('region', { name: 'Recommendations' });

async function open(applicant: Applicant, viewport: { width: number; height: number }): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await sessionContext(browser(), applicant, { viewport });
  await page.goto('/completion');
  await materials(page).getByRole('list').waitFor(SETTLE);
  await recommendations(page).getByRole('heading', { name: 'Counselor: Grace Hopper' }).waitFor(SETTLE);
  return { page, close: () => context.close() };
}

/** The top of an element, in CSS pixels from the top of the page. */
const topOf = (target: Locator) => target.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);

describe('the status page after a decision', () => {
  const tag = uniqueLetters(6);
  let waiting: Applicant;
  let admitted: Applicant;
  let waitlisted: Applicant;
  let denied: Applicant;
  let admin: StaffClient;

  beforeAll(async () => {
    [waiting, admitted, waitlisted, denied] = [
      await submitted('Wendy', `Waiting${tag}`),
      await submitted('Ada', `Admitted${tag}`),
      await submitted('Will', `Waitlisted${tag}`),
      await submitted('Dan', `Denied${tag}`),
    ];
    const decider = await signedInStaff(baseUrl(), undefined, 'decider');
    admin = await signedInStaff(baseUrl(), undefined, 'admin');
    for (const [who, decision] of [
      [admitted, 'admit'],
      [waitlisted, 'waitlist'],
      [denied, 'deny'],
    ] as const) {
      const res = await decider.post('/staff/api/decisions', { ids: [who.subject], decision });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const release = await admin.post('/staff/api/releases', { ids: [admitted.subject, waitlisted.subject, denied.subject] });
    expect(release.status, JSON.stringify(release.body)).toBe(200);
  }, 180_000);

  for (const viewport of [DESKTOP, PHONE]) {
    it(`before a decision says what happens next without promising the decision by e-mail, at ${viewport.width} px`, async () => {
      const { page, close } = await open(waiting, viewport);
      await page.getByRole('heading', { level: 1, name: 'Application received' }).waitFor();
      expect(await decisionRegion(page).count()).toBe(0);
      const next = await nextSteps(page).textContent();
      expect(next).not.toMatch(/decision by e-mail/i);
      expect(next).toMatch(/status page/i);
      // A counselor invited seconds ago: no reminder yet, and the page says when one can go.
      const counselor = recommendations(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'Counselor: Grace Hopper' }) });
      expect(await counselor.getByRole('button', { name: /Send a reminder/ }).count()).toBe(0);
      await counselor.getByText(/^You can send a reminder on \w+ \d{1,2}, \d{4}\.$/).waitFor();
      await counselor.getByRole('button', { name: 'Cancel this request' }).waitFor();
      // One upload control: the status page's picker is the recommender page's, not the browser's bare one.
      const picker = materials(page).locator('input[type=file]').first();
      const button = await picker.evaluate((el) => {
        const s = getComputedStyle(el, '::file-selector-button');
        return { font: parseFloat(s.fontSize), height: parseFloat(s.minHeight) || 0, border: s.borderTopWidth };
      });
      expect(button.font).toBeGreaterThanOrEqual(16);
      expect(button.height).toBeGreaterThanOrEqual(44);
      expect(button.border).toBe('2px');
      await expectAccessible(page, `the status page before a decision at ${viewport.width}px`);
      await close();
    });

    it(`with an offer leads with the decision, asks for the reply before the term starts, and closes what is no longer needed, at ${viewport.width} px`, async () => {
      const { page, close } = await open(admitted, viewport);
      const region = decisionRegion(page);
      await region.getByRole('heading', { name: policies.decisions.letters.admit.title }).waitFor(SETTLE);
      // The decision is the page's first heading and begins on the first screen.
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Your decision');
      expect(await topOf(region.getByRole('heading', { name: policies.decisions.letters.admit.title }))).toBeLessThan(viewport.height);
      expect(await topOf(region)).toBeLessThan(await topOf(materials(page)));

      const term = completeApplication().entry_term_desc!;
      const by = inWords(expectedReplyBy(term, policies.decisions.replyBy!));
      expect(await region.locator('article').textContent()).toContain(`by ${by}`);
      expect(await region.getByRole('group', { name: 'How do you reply?' }).textContent()).toContain(`Reply by ${by}.`);
      expect(await nextSteps(page).textContent()).toContain(by);

      // Admitted: no more invitations or reminders, and what is still awaited is no longer needed.
      expect(
        await recommendations(page)
          .getByRole('button', { name: /Send a reminder|Send the invitation/ })
          .count(),
      ).toBe(0);
      const transcript = materials(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'High school transcript' }) });
      await transcript.getByText('No longer needed').waitFor();
      expect(await transcript.locator('input[type=file]').count()).toBe(0);
      await expectAccessible(page, `an offer released at ${viewport.width}px`);
      await close();
    });

    it(`with a waitlist place keeps materials still needed, at ${viewport.width} px`, async () => {
      const { page, close } = await open(waitlisted, viewport);
      await decisionRegion(page).getByRole('heading', { name: policies.decisions.letters.waitlist.title }).waitFor(SETTLE);
      const transcript = materials(page)
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: 'High school transcript' }) });
      await transcript.getByText('Still needed').waitFor();
      expect(await transcript.locator('input[type=file]').count()).toBe(1);
      await expectAccessible(page, `a waitlist place released at ${viewport.width}px`);
      await close();
    });

    it(`with a denial says there is nothing to reply, at ${viewport.width} px`, async () => {
      const { page, close } = await open(denied, viewport);
      const region = decisionRegion(page);
      await region.getByRole('heading', { name: policies.decisions.letters.deny.title }).waitFor(SETTLE);
      expect(await topOf(region.getByRole('heading', { name: policies.decisions.letters.deny.title }))).toBeLessThan(viewport.height);
      expect(await region.getByRole('group', { name: 'How do you reply?' }).count()).toBe(0);
      expect(await nextSteps(page).textContent()).not.toMatch(/decision by e-mail/i);
      expect(
        await recommendations(page)
          .getByRole('button', { name: /Send a reminder|Send the invitation/ })
          .count(),
      ).toBe(0);
      await expectAccessible(page, `a denial released at ${viewport.width}px`);
      await close();
    });
  }

  it('an accepted offer: the confirmation e-mail with the next step, a letter that no longer asks, and "Accepted" in the office', async () => {
    const { page, close } = await open(admitted, PHONE);
    const region = decisionRegion(page);
    await region.getByRole('group', { name: 'How do you reply?' }).getByRole('radio', { name: 'Accept the offer' }).check();
    await region.getByRole('button', { name: 'Continue' }).click();
    await region.getByRole('button', { name: 'Confirm: Accept the offer' }).click();
    await region.getByText(/^Your reply has been sent: Accept the offer/).waitFor(SETTLE);

    const after = policies.decisions.afterReply.accept;
    await expect.poll(() => nextSteps(page).textContent(), SETTLE).toContain(after);
    expect(await region.locator('article').textContent()).not.toMatch(/on this page|tell us/i);
    await expectAccessible(page, 'an offer accepted at 375px');

    const mail = await latestMail(admitted.username);
    expect(mail.subject).toBe(`${institution.name}: your reply has been received`);
    expect(mail.text).toContain('You accepted the offer of admission');
    expect(mail.text).toContain(after);
    expect(mail.link).toBe(`${baseUrl()}/completion`);

    // A reload shows the same: the letter as answered, the next step.
    await page.reload();
    await nextSteps(page).getByText(after).waitFor(SETTLE);
    expect(await region.locator('article').textContent()).not.toMatch(/on this page/i);
    await close();

    const { context, page: office } = await sessionContext(browser(), admin);
    await office.goto(`/staff/applications?q=Admitted${tag}`);
    const row = office.getByRole('row').filter({ hasText: `Admitted${tag}` });
    // The decision's cells are a lazy chunk: the row can be there a moment before they are.
    await row.getByRole('cell', { name: 'Accepted', exact: true }).waitFor(SETTLE);
    await context.close();
    const seen = (await admitted.get<Released>('/api/decision')).body;
    expect(seen.reply.chosen).toBe('accept');
  }, 120_000);
});
