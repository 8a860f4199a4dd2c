/**
 * The landing pages arrive as HTML (issue 29) and React takes them over without changing them:
 * the page's content is in the response before any script runs, the heading the parser made is
 * still the one on screen once the app runs (hydrated, not rendered again), and the browser's
 * console stays silent (React reports a hydration mismatch there, as error or warning).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { timetableBanners } from '#form/deadline-banners';
import { pageWording } from '#form/i18n/wording.test-support';
import { officeTexts } from '#form/institution';
import { timetable } from '#form/institution-cycles';
import { LANGUAGE_COOKIE, PRERENDERED_PATHS } from '#form/prerendered';
import { roundDeadline } from '#form/timetable';
import { appRunning, baseUrl, consoleProblems, DESKTOP, expectAccessible, newPage, PHONE, signUpAndLogIn, uniqueEmail, useBrowser } from './browser';

const browser = useBrowser();

/** Keeps the parser's first <h1> before any script can run (readyState turns interactive before deferred scripts). */
const KEEP_PARSED_HEADING = () => {
  document.addEventListener('readystatechange', () => {
    if (document.readyState === 'interactive') (window as unknown as { parsedHeading: Element | null }).parsedHeading = document.querySelector('h1');
  });
};

/**
 * Holds the app's start-up chunk back until `release()` is called: the prerendered page is on
 * screen and can be used, the app is not running yet.
 */
async function holdTheApp(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('prerendered landing pages', () => {
  for (const path of PRERENDERED_PATHS) {
    it(`${path} is in the HTML, hydrates without a console message, and passes axe`, async () => {
      const raw = await fetch(`${baseUrl()}${path}`).then(async (r) => ({ html: await r.text(), cache: r.headers.get('cache-control') }));
      expect(raw.cache).toBe('no-cache');
      expect(raw.html).toContain(`data-prerendered="${path}"`);
      expect(raw.html).toMatch(/<h1[^>]*>.+?<\/h1>/);
      expect(raw.html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);

      for (const viewport of [PHONE, DESKTOP]) {
        const { context, page } = await newPage(browser(), viewport);
        const problems = consoleProblems(page);
        await page.addInitScript(KEEP_PARSED_HEADING);
        await page.goto(path);
        await appRunning(page);
        await page.waitForLoadState('networkidle');
        const sameHeading = await page.evaluate(() => {
          const parsed = (window as unknown as { parsedHeading: Element | null }).parsedHeading;
          return !!parsed && parsed === document.querySelector('h1') && document.contains(parsed);
        });
        expect(sameHeading, `${path}: the heading was rendered again instead of hydrated`).toBe(true);
        await expectAccessible(page, `${path} hydrated at ${viewport.width}px`);
        expect(problems, `console on ${path}`).toEqual([]);
        await context.close();
      }
    });
  }

  // Issue 41: one file per language, chosen by the switcher's cookie or else Accept-Language; hydrated, not rendered again.
  const LANGUAGE_PAGES = ['/about', '/login', '/staff/login', '/recommend'];
  for (const [language, dir, chosenBy] of [
    ['es', 'ltr', 'cookie'],
    ['ar', 'rtl', 'Accept-Language'],
  ] as const) {
    it(`in ${language}, chosen by ${chosenBy}: ${LANGUAGE_PAGES.join(', ')} arrive in the language, lang and dir set, and hydrate without a console message`, async () => {
      const context = await browser().newContext({ baseURL: baseUrl(), viewport: PHONE, ...(chosenBy === 'Accept-Language' ? { locale: language } : {}) });
      if (chosenBy === 'cookie') await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: baseUrl() }]);
      for (const path of LANGUAGE_PAGES) {
        const page = await context.newPage();
        const problems = consoleProblems(page);
        await page.addInitScript(KEEP_PARSED_HEADING);
        const response = await page.goto(path);
        const html = (await response?.text()) ?? '';
        expect(html).toContain(`<html lang="${language}" dir="${dir}">`);
        expect(html).toContain(`data-language="${language}"`);
        // The title before the app sets its own: the application's and the institution's name in the language.
        const { identity, translations } = globalThis.__INSTITUTION__;
        expect(html).toContain(`<title>${translations[language]?.[identity.applicationTitle]} – ${translations[language]?.[identity.name]}</title>`);
        // The institution's promises as its configuration gives them in the language, in the file and once hydrated.
        const promises = path === '/about' ? globalThis.__INSTITUTION__.translations[language]?.[officeTexts.promises()] : undefined;
        if (path === '/about') {
          expect(promises).toBeTruthy();
          expect(html).toContain(promises);
        }
        // The app is running once the title is the language's ("… | Solicitud").
        await page.waitForFunction(() => document.title.includes(' | ') && !document.title.endsWith('| Application'));
        await page.waitForLoadState('networkidle');
        const sameHeading = await page.evaluate(() => {
          const parsed = (window as unknown as { parsedHeading: Element | null }).parsedHeading;
          return !!parsed && parsed === document.querySelector('h1') && document.contains(parsed);
        });
        expect(sameHeading, `${path} in ${language}: the heading was rendered again instead of hydrated`).toBe(true);
        expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([language, dir]);
        if (promises) expect(await page.locator('.welcome').innerText()).toContain(promises);
        await expectAccessible(page, `${path} in ${language}`);
        expect(problems, `console on ${path} in ${language}`).toEqual([]);
        await page.close();
      }
      await context.close();
    });
  }

  // Issue 41 item 6: nothing moves under the reader's eyes once the app runs (Lighthouse's budget is 0.1;
  // the timetable's banners, shown on the browser's clock, pushed /about down by 0.17–0.20 before).
  for (const [zone, budget] of [
    [timetable.timeZone, 0.01],
    ['Asia/Tokyo', 0.1],
  ] as const) {
    it(`/about in en, es and ar: the layout shifts while the app takes the page over add up to under ${budget} for a reader on ${zone}`, async () => {
      for (const language of ['en', 'es', 'ar'] as const) {
        const context = await browser().newContext({ baseURL: baseUrl(), viewport: PHONE, locale: language, timezoneId: zone });
        const page = await context.newPage();
        await page.addInitScript(() => {
          const seen: { value: number; nodes: string[] }[] = [];
          (window as unknown as { layoutShifts: typeof seen }).layoutShifts = seen;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources?: { node?: Node }[] })[])
              seen.push({ value: entry.value, nodes: (entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML.slice(0, 80) ?? '?') });
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto('/about');
        await appRunning(page, language);
        // The clock's banners in their place (none held in reserve), and two frames for the observer's last entries.
        await page.waitForFunction(() => !document.querySelector('.deadline--reserved'));
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; nodes: string[] }[] }).layoutShifts);
        const total = shifts.reduce((sum, s) => sum + s.value, 0);
        expect(total, `/about in ${language} on ${zone}: ${JSON.stringify(shifts)}`).toBeLessThan(budget);
        await context.close();
      }
    });
  }

  it("shows the timetable's deadline banners on the browser's clock, only their room in the HTML: urgent in a round's last 48 hours, with the reader's own time", async () => {
    const html = await fetch(`${baseUrl()}/about`).then((r) => r.text());
    // The HTML holds the build day's banners as unseen room (aria-hidden, hidden by the stylesheet), never as words shown.
    const reserved = html.match(/<p class="deadline deadline--reserved[^"]*" aria-hidden="true">[^<]*<\/p>/g) ?? [];
    expect(reserved.length).toBeGreaterThan(0);
    expect(html.replace(/<p class="deadline deadline--reserved[^"]*" aria-hidden="true">[^<]*<\/p>/g, '')).not.toMatch(
      /apply by|closes tonight|accepted until|open on/i,
    );
    // A reader in Paris a day and a half before the tests' round closes (test/support/test-timetable.ts: 23:59 on the institution's clock).
    const round = timetable.cycles[0]!.rounds[0]!;
    const deadline = roundDeadline(round, timetable.timeZone);
    const at = new Date(deadline.getTime() - 36 * 3_600_000);
    const context = await browser().newContext({ baseURL: baseUrl(), viewport: DESKTOP, timezoneId: 'Europe/Paris' });
    const page = await context.newPage();
    const problems = consoleProblems(page);
    await page.clock.setFixedTime(at);
    await page.goto('/about');
    await appRunning(page);
    const urgent = page.locator('.deadline--urgent');
    await urgent.waitFor();
    const expected = timetableBanners(timetable.cycles, at, timetable.timeZone, 'Europe/Paris', pageWording('en')).map((b) => b.message);
    // The timetable's banners first; an announcement of the office's may follow, depending on the day.
    const shown = (await page.locator('.deadline').allTextContents()).slice(0, expected.length);
    expect(shown).toEqual(expected);
    expect(shown[0]).toMatch(new RegExp(`^${round.label}: apply by [A-Z][a-z]+ \\d+ at 11:59 pm .+ \\(\\d+:\\d\\d [ap]m on [A-Z][a-z]+ \\d+ your time\\)$`));
    expect(await urgent.count()).toBe(1);
    await expectAccessible(page, '/about with an urgent deadline banner');
    expect(problems, 'console on /about with the banners').toEqual([]);
    await context.close();
  });

  it('holds a form submitted before the app runs and submits it through the app once it does (never natively)', async () => {
    const { context, page } = await newPage(browser());
    const problems = consoleProblems(page);
    // The app's start-up chunk arrives late: the card is on screen, the app is not running yet.
    const release = await holdTheApp(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search, 'a native GET would put the password in the address').toBe('');
    release();
    // The app's own submit: the server refuses the unknown account in the card's error toast.
    await page.getByRole('alert').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(new URL(page.url()).search).toBe('');
    expect(problems.filter((p) => !p.includes('401') && !p.includes('400'))).toEqual([]);
    await context.close();
  });

  it('keeps a choice made before the app runs: a country chosen early still shows its states, a box ticked early stays ticked', async () => {
    const { context, page } = await newPage(browser());
    const release = await holdTheApp(page);
    await page.goto('/about');
    await page.getByLabel('Country', { exact: true }).selectOption('CAN');
    const texts = page.getByLabel('Yes, send text message updates about my application to my cell phone.');
    await texts.check();
    release();
    await page.getByLabel('State/Province', { exact: true }).selectOption('ON');
    expect(await page.getByLabel('Country', { exact: true }).inputValue()).toBe('CAN');
    // Still ticked once the app has rendered what it holds (the country's states are on screen).
    expect(await texts.isChecked()).toBe(true);
    await context.close();
  });

  it('keeps a button pressed before the app runs: Help opens once the app does', async () => {
    const { context, page } = await newPage(browser());
    const release = await holdTheApp(page);
    await page.goto('/about');
    await page.getByRole('button', { name: 'Help' }).click();
    release();
    await page.getByRole('dialog', { name: 'Help' }).waitFor();
    await context.close();
  });

  it('keeps an answer typed before the app runs when a link to another page is followed: the app follows it, answer in hand', async () => {
    const { context, page } = await newPage(browser());
    const release = await holdTheApp(page);
    await page.goto('/about');
    await page.getByLabel('First Name', { exact: true }).first().fill('Ada');
    await page.getByRole('link', { name: '2. Your Academics' }).click();
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname, 'the HTML would have loaded the next page and dropped the answer').toBe('/about');
    release();
    // The app's navigation for a visitor with an answer: to sign up, the answer kept (journey.test.ts goes on from here).
    await page.waitForURL('**/signup');
    await page.goBack();
    expect(await page.getByLabel('First Name', { exact: true }).first().inputValue()).toBe('Ada');
    await context.close();
  });

  it('lets a link be followed as HTML before the app runs when nothing was typed', async () => {
    const { context, page } = await newPage(browser());
    const release = await holdTheApp(page);
    await page.goto('/about');
    await page.getByRole('link', { name: '2. Your Academics' }).click();
    // Committed is enough: the next page's own start waits on the held chunk too.
    await page.waitForURL((url) => url.pathname !== '/about', { waitUntil: 'commit' });
    release();
    await context.close();
  });

  it('serves the shell with the spinner for a path that is not prerendered, and for a signed-in applicant', async () => {
    const other = await fetch(`${baseUrl()}/final-steps`).then((r) => r.text());
    expect(other).not.toContain('data-prerendered');
    expect(other).toContain('class="spinner-screen"');
    const signedIn = await fetch(`${baseUrl()}/about`, { headers: { cookie: 'CognitoIdentityServiceProvider.client.LastAuthUser=ada' } }).then((r) => r.text());
    expect(signedIn).not.toContain('data-prerendered');
    expect(signedIn).toContain('class="spinner-screen"');
  });

  it('a signed-in applicant lands on /about from the shell, with no console message', async () => {
    const { context, page } = await newPage(browser());
    await signUpAndLogIn(page, uniqueEmail('prerender'));
    const problems = consoleProblems(page);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: '1. About You' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(problems, 'console on /about signed in').toEqual([]);
    await context.close();
  });
});
