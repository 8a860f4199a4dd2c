/**
 * The console's pages as a person reads them at 1280 px and 375 px, with the long addresses real
 * people have: each address stays within its own column (wrapped, never printed over the next),
 * the applications list fits a desktop without sideways scrolling, the answers and the history are
 * in words, and the releases screen says how many applications "every decided application" is.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { baseUrl, DESKTOP, expectAccessible, PHONE, sessionContext, SETTLE, uniqueEmail, uniqueLetters, useBrowser } from './browser';

const browser = useBrowser();

/**
 * Long, as an office's or a family's addresses often are: far wider than a column of the facts or
 * the list, and in one piece (dots, no hyphen, after which a line may break).
 */
const longEmail = (who: string) => uniqueEmail(`${who}.with.a.long.address.at.the.office`);

/** Elements whose content is wider than their own box: text printed over whatever is beside it. */
const overflowing = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) => els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''));

/** The page scrolls sideways. */
const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return root.scrollWidth > root.clientWidth;
  });

let admin: StaffClient;
let id: string;
let lastName: string;
const emails = { applicant: '', recommender: '', decider: '' };

beforeAll(async () => {
  lastName = `Layout${uniqueLetters(6)}`;
  emails.applicant = longEmail('applicant');
  emails.recommender = longEmail('counselor');
  emails.decider = longEmail('decider');
  const applicant = await registeredApplicant(baseUrl(), emails.applicant);
  expect((await applicant.put('/api/answer', { ...completeApplication(), first_name: 'Grace', last_name: lastName })).status).toBe(200);
  const invited = await applicant.post('/api/recommendations', {
    role: 'counselor',
    first_name: 'Ottoline',
    last_name: 'Brackwater',
    email: emails.recommender,
  });
  expect(invited.status, JSON.stringify(invited.body)).toBe(200);
  expect((await applicant.post('/api/submit')).status).toBe(200);
  id = applicant.subject;
  const decider = await signedInStaff(baseUrl(), emails.decider, 'decider');
  expect((await decider.put(`/staff/api/applications/${id}/decision`, { decision: 'admit' })).status).toBe(200);
  admin = await signedInStaff(baseUrl(), undefined, 'admin');
}, 120_000);

describe('the staff console at a desktop and a phone', () => {
  for (const viewport of [DESKTOP, PHONE]) {
    it(`keeps each e-mail address of the application page within its own column at ${viewport.width}px`, async () => {
      const { context, page } = await sessionContext(browser(), admin, { viewport });
      await page.goto(`/staff/applications/${id}`);
      await page.getByRole('heading', { level: 1, name: `Grace ${lastName}` }).waitFor(SETTLE);
      await page.getByRole('region', { name: 'Decision' }).getByText(emails.decider).waitFor(SETTLE);
      // The full address is on the page (wrapped, not cut).
      for (const email of Object.values(emails)) await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
      expect(await overflowing(page, '.staff-facts dd')).toEqual([]);
      expect(await pageScrollsSideways(page)).toBe(false);
      await expectAccessible(page, `the application page at ${viewport.width}px`);
      await context.close();
    });

    it(`fits the applications list ${viewport === DESKTOP ? 'without sideways scrolling' : 'in a scrolling region of its own'} at ${viewport.width}px`, async () => {
      const { context, page } = await sessionContext(browser(), admin, { viewport });
      await page.goto(`/staff/applications?q=${lastName}`);
      const table = page.getByRole('table', { name: 'Submitted applications, sorted by submission date' });
      await table.getByRole('cell', { name: emails.applicant }).waitFor(SETTLE);
      expect(await pageScrollsSideways(page)).toBe(false);
      const fit = await table.evaluate((el) => {
        const wrap = el.parentElement!;
        const reply = [...el.querySelectorAll('th')].find((th) => th.textContent === 'Reply')!;
        return {
          table: el.scrollWidth,
          wrap: wrap.clientWidth,
          replyRight: reply.getBoundingClientRect().right,
          wrapRight: wrap.getBoundingClientRect().right,
        };
      });
      if (viewport === DESKTOP) {
        expect(fit.table).toBeLessThanOrEqual(fit.wrap);
        expect(fit.replyRight).toBeLessThanOrEqual(fit.wrapRight);
      } else {
        // On a phone the table scrolls within its region, which the keyboard reaches too.
        const region = page.getByRole('region', { name: 'Submitted applications, sorted by submission date' });
        expect(await region.getAttribute('tabindex')).toBe('0');
      }
      await expectAccessible(page, `the list at ${viewport.width}px`);
      await context.close();
    });
  }

  it('says the answers and the history in words: Yes, Not answered, "Decision: Admit"', async () => {
    const { context, page } = await sessionContext(browser(), admin);
    await page.goto(`/staff/applications/${id}`);
    const answers = page.getByRole('region', { name: 'Answers' });
    await answers.getByText('Race', { exact: true }).waitFor(SETTLE);
    const value = (label: string | RegExp) =>
      answers
        .locator('.staff-row')
        .filter({ has: page.locator('dt', { hasText: label }) })
        .locator('dd');
    expect(await value(/^Race$/).textContent()).toBe('Not answered');
    expect(await value(/^I certify that/).textContent()).toBe('Yes');
    expect(await answers.textContent()).not.toMatch(/\[[X ]\]/);
    const history = page.getByRole('region', { name: 'Status history', exact: true });
    await expect.poll(() => history.textContent()).toContain('Decision: Admit');
    await context.close();
  });

  it('names how many applications "every decided application" is, with a link to them, before releasing', async () => {
    const { context, page } = await sessionContext(browser(), admin);
    await page.goto('/staff/releases');
    const every = page.getByRole('radio', { name: /^Every decided application \(\d+\)$/ });
    await every.waitFor(SETTLE);
    const count = Number((await every.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ''))?.match(/\((\d+)\)/)?.[1]);
    expect(count).toBeGreaterThan(0);
    const link = page.getByRole('link', { name: `See the ${count} decided application${count === 1 ? '' : 's'}` });
    expect(await link.getAttribute('href')).toBe('/staff/applications?status=decided');
    await page.getByRole('button', { name: 'Release now' }).click();
    const dialog = page.getByRole('dialog', { name: `Release the decisions of ${count} application${count === 1 ? '' : 's'} now?` });
    await dialog.waitFor(SETTLE);
    // Not released: other tests' applications are decided on the same stack.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await context.close();
  });
});
