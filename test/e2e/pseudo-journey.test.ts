/**
 * Issue 41, item 5: the pseudo-locale (every letter accented, 40 % longer; offered by npm start's
 * build and the tests', never the deployed one) through an applicant's pages, before and after
 * submitting: a plain English word left on them is text that does not come from the catalogs or
 * the institution's texts. The applicant's own answers are theirs, as typed.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pseudoText } from '#form/i18n/pseudo-text';
import en from '../../form/i18n/catalogs/en.json';
import { completeApplication } from '../support/answers';
import { DESKTOP, loggedInContext, newPage, useBrowser } from './browser';
import { latinWordsIn } from './words-left';

const browser = useBrowser();
const PSEUDO_LANG = 'en-XA';
const pseudo = { 'shell.skipLink': pseudoText((en as Record<string, string>)['shell.skipLink']!) };
/**
 * The pseudo-locale writes dates as English does (its Intl formats are English's, form/timetable.ts):
 * "April 29 at 11:59 pm Central Time", "November 30, 2026" are no untranslated text.
 */
const MONTH = Array.from({ length: 12 }, (_, m) => new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, m, 15))).join('|');
const ENGLISH_DATE = new RegExp(`(?:${MONTH}) \\d{1,2}(?:, \\d{4})?(?: at \\d{1,2}:\\d{2} ?[ap]\\.? ?m\\.?)?(?: (?:[A-Z][a-z]+ )*Time)?`);

/** The switcher's choice, as it leaves it: the browser's memory (the pseudo-locale is never saved on the account). */
async function inPseudo(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => localStorage.setItem('language', 'pseudo'));
}

/**
 * The app runs in the pseudo-locale (React has rendered its words: a prerendered page is in English
 * and is rendered afresh over), nothing is loading, and the network is quiet.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    ({ lang, skip }) =>
      document.documentElement.lang === lang &&
      document.querySelector('.skip-link')?.textContent === skip &&
      document.querySelector('.spinner-screen') === null,
    { lang: PSEUDO_LANG, skip: pseudo['shell.skipLink'] },
  );
  await page.waitForLoadState('networkidle');
}

describe('the pseudo-locale', () => {
  it('leaves no English on an applicant’s pages, from the first visit to the status page after submitting', { timeout: 300_000 }, async () => {
    const report: Record<string, string[]> = {};
    const anonymous = await newPage(browser(), DESKTOP);
    await inPseudo(anonymous.context);
    for (const path of ['/about', '/signup', '/login', '/forgot-password', '/help', '/privacy']) {
      await anonymous.page.goto(path);
      await settled(anonymous.page);
      report[`anonymous ${path}`] = await latinWordsIn(anonymous.page, PSEUDO_LANG, [ENGLISH_DATE]);
    }
    await anonymous.context.close();

    const { context, page } = await loggedInContext(browser(), DESKTOP, 'pseudo');
    await inPseudo(context);
    for (const path of ['/about', '/education-ug', '/final-steps', '/review', '/account', '/account/messages']) {
      await page.goto(path);
      await settled(page);
      report[path] = await latinWordsIn(page, PSEUDO_LANG, [ENGLISH_DATE]);
    }
    // Submitted: the status page, its checklist and next steps.
    const answers = { ...completeApplication(), test_optional: 'N' };
    expect((await page.request.put('/api/answer', { data: answers })).status()).toBe(200);
    expect((await page.request.post('/api/submit')).status()).toBe(200);
    await page.goto('/completion');
    await settled(page);
    report['submitted /completion'] = await latinWordsIn(page, PSEUDO_LANG, [ENGLISH_DATE, ...Object.values(answers)]);
    await context.close();

    const left = Object.entries(report).flatMap(([where, texts]) => texts.map((text) => `${where}: ${text}`));
    expect(left).toEqual([]);
  });
});
