import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { localChromiumArgs } from '#adapters/renderer/chromium-flags';
import type { Mail } from '#local/outbox';
import arCatalog from '../../form/i18n/catalogs/ar.json';
import enCatalog from '../../form/i18n/catalogs/en.json';
import esCatalog from '../../form/i18n/catalogs/es.json';
import { runAxe, WCAG_TAGS } from './axe';
import { leasedStack } from './stack-lease';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

/** Chromium without downloading one: CHROMIUM_PATH, a system Chromium, or @sparticuz/chromium. */
export async function launch(): Promise<Browser> {
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const system = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
  const executablePath = process.env.CHROMIUM_PATH ?? system ?? (await sparticuz.executablePath());
  // The PDF renderer's flags outside Lambda (the preset carries --no-sandbox): one Chromium setup to trust.
  const args = system || process.env.CHROMIUM_PATH ? ['--no-sandbox'] : localChromiumArgs(sparticuz.args);
  return chromium.launch({ executablePath, args, headless: true });
}

/** One Chromium for the test file: launched before its first test, closed after its last. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('the browser starts in beforeAll');
    return browser;
  };
}

/** E2E_SCREENSHOTS=<dir>: full-page screenshots of the states the tests pass through, for a person to look at. */
export const SHOTS = process.env.E2E_SCREENSHOTS;

export async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** The address of the stack this file leased (stack-lease.ts). */
export const baseUrl = () => leasedStack().url;

export async function newPage(browser: Browser, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  const page = await context.newPage();
  return { context, page };
}

/** The languages an applicant's page can be in, each with its catalog (the app's title is its `shell.title`). */
export type PageLanguage = 'en' | 'es' | 'ar';
const CATALOGS: Record<PageLanguage, Record<string, string>> = { en: enCatalog, es: esCatalog, ar: arCatalog };
/** The end of the app's document title in a language: the catalog's `shell.title` after its `{page}` (an error's title ends alike). */
const appTitleEnd = (language: PageLanguage) => CATALOGS[language]['shell.title']!.replace('{page}', '');
/** The staff console's title ends so in every language (it stays English, issue 41). */
const STAFF_TITLE_END = ' | Admissions office';

/**
 * Waits until the app runs on a prerendered page, in `language` (the document's `lang`, the title
 * the app sets in it; English by default, where the staff console's title counts too). The title
 * effect runs after the first commit: by then a prerendered page is hydrated. Before that the page
 * is plain HTML: typing works, but a link is a link (a click loads the next page) and no save is
 * tried. A test of what the app does with a click waits for it, as a person on a slow phone would
 * get the page as HTML first.
 */
export async function appRunning(page: Page, language: PageLanguage = 'en'): Promise<void> {
  const ends = language === 'en' ? [appTitleEnd('en'), STAFF_TITLE_END] : [appTitleEnd(language)];
  await page.waitForFunction(({ lang, ends }) => document.documentElement.lang === lang && ends.some((end) => document.title.endsWith(end)), {
    lang: language,
    ends,
  });
}

/** Zero WCAG 2.2 A/AA violations on what the page shows now. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // Only the violations are aggregated: the passes' details are what made each run slow.
  const results = await runAxe(page, { runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] });
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

/**
 * The contrast of an element's text against the nearest opaque background behind it in its own
 * ancestry: for text on an opaque layer (popover, dialog) that layer is what shows behind it.
 */
function contrastOnOwnBackground(el: Element): number {
  const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const lin = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  };
  let bg = [255, 255, 255];
  for (let at: Element | null = el; at; at = at.parentElement) {
    const c = rgb(getComputedStyle(at).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] === 1)) {
      bg = c.slice(0, 3);
      break;
    }
  }
  const [a, b] = [luminance(rgb(getComputedStyle(el).color)), luminance(bg)];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * An open popover, dialog or menu is legible and accessible: visible, axe over the whole page,
 * then axe's contrast rule over the overlay alone. Where axe cannot decide (text on a layer that
 * lies over the page partly overlaps what is beneath, and axe leaves it "incomplete"), the text
 * is measured against the overlay's own opaque background instead of being let through.
 */
export async function expectOpenAccessible(page: Page, overlay: Locator, what: string): Promise<void> {
  await overlay.waitFor({ state: 'visible' });
  await expectAccessible(page, what);
  const handle = await overlay.elementHandle();
  if (!handle) throw new Error(`${what} is not on the page`);
  const marker = `open-overlay-${Date.now()}`;
  await handle.evaluate((el, m) => el.setAttribute('data-axe-overlay', m), marker);
  try {
    const results = await runAxe(page, { runOnly: { type: 'rule', values: ['color-contrast'] } }, `[data-axe-overlay="${marker}"]`);
    const unreadable = results.violations.flatMap((r) => r.nodes.map((n) => `${n.target.join(' ')}: ${n.any.map((c) => c.message).join('; ')}`));
    for (const node of results.incomplete.flatMap((r) => r.nodes)) {
      const selector = node.target.join(' ');
      const ratio = await page.locator(selector).first().evaluate(contrastOnOwnBackground);
      if (ratio < 4.5) unreadable.push(`${selector}: ${ratio.toFixed(2)}:1 on its own background`);
    }
    expect(unreadable, `text that is not legible in ${what}`).toEqual([]);
    const checked = [...results.passes, ...results.incomplete].flatMap((r) => r.nodes).length;
    expect(checked, `${what}: axe found no text to check`).toBeGreaterThan(0);
  } finally {
    await handle.evaluate((el) => el.removeAttribute('data-axe-overlay'));
  }
}

/** Console errors and warnings, and uncaught exceptions, from the moment the page opens. */
export function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    // A failed request's message does not name the address: its location does.
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}${m.location().url ? ` (${m.location().url})` : ''}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  return problems;
}

export type { Mail } from '#local/outbox';

/** The newest mail to an address from the dev outbox of the stack at `origin`, waiting for it to arrive. */
export async function latestMail(to: string, timeoutMs = 10_000, origin = baseUrl()): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${origin}/_dev/mail.json`);
    const mails = (await res.json()) as Mail[];
    const mine = mails.filter((m) => m.to === to);
    if (mine.length) return mine[mine.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Letters only, for names: the invitation's name rule allows no digits (the random tags of e-mails have them). */
export const uniqueLetters = (length = 6) => Array.from({ length }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
export const PASSWORD = 'Correct-Horse-9battery';

/** Signs up, confirms with the outbox code and logs in through the UI; ends on /about. `origin`: the stack the page's baseURL is. */
export async function signUpAndLogIn(page: Page, email: string, origin = baseUrl()): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/confirm');
  const mail = await latestMail(email, 10_000, origin);
  await page.getByLabel('Confirmation code').fill(mail.code ?? '');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL('**/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/about');
}

/**
 * A browser context already signed in as a new applicant: signed up, confirmed and logged in
 * through the real public endpoints (faster than the UI, which the journey test covers), with
 * the session cookies handed to the browser as the login response set them.
 */
export async function loggedInContext(
  browser: Browser,
  viewport = DESKTOP,
  tag = 'applicant',
): Promise<{ context: BrowserContext; page: Page; email: string; sub: string }> {
  const { registeredApplicant } = await import('../support/client');
  const email = uniqueEmail(tag);
  const client = await registeredApplicant(baseUrl(), email);
  const context = await browser.newContext({ baseURL: baseUrl(), viewport });
  await context.addCookies([...client.jar].map(([name, value]) => ({ name, value, url: baseUrl() })));
  const page = await context.newPage();
  return { context, page, email, sub: client.subject };
}

/**
 * A browser context signed in with an API client's session cookies (an applicant's or a staff
 * member's), each cookie on the path the server gives it (staff cookies live under /staff), so a
 * renewal replaces it rather than adding a second.
 */
export async function sessionContext(
  browser: Browser,
  client: { jar: Map<string, string> },
  {
    url = baseUrl(),
    viewport = DESKTOP,
    acceptDownloads = false,
  }: { url?: string; viewport?: { width: number; height: number }; acceptDownloads?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: url, viewport, acceptDownloads });
  const { hostname } = new URL(url);
  await context.addCookies(
    [...client.jar].map(([name, value]) => ({ name, value, domain: hostname, path: name.startsWith('StaffSession.') ? '/staff' : '/' })),
  );
  return { context, page: await context.newPage() };
}

/** How long `expect.poll` waits for the stack's asynchronous flows (conversion, PDF render, saves). */
export const SETTLE = { timeout: 15_000, interval: 200 } as const;
