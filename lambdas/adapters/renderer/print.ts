/**
 * Printing to PDF, with every request outside the allowed origin aborted before it leaves: a
 * hostile document or answer cannot make the renderer fetch internal addresses (SSRF).
 *
 * Self-contained HTML (a converted upload: content the applicant chose) prints in a fresh
 * browser context per job, scripts off. Our own site's print view (the application PDF) prints
 * in one tab kept from job to job and wiped between them (see SiteTab): a fresh context starts
 * a fresh renderer process and compiles the web app anew, which cost about three times the CPU
 * of the print itself (measured: 423 against 151 ms of Chromium CPU, 373 against 130 ms per PDF).
 */
import type { BrowserContext, CDPSession, HTTPRequest, Page, PDFOptions } from 'puppeteer-core';
import { openContext } from './browser';

/** What the wipe touches inside Chromium's page (the Lambdas are compiled without the DOM's types). */
interface PageGlobals {
  window: { name: string };
  sessionStorage: { clear(): void };
  localStorage: { clear(): void };
}

export const LETTER_PDF: PDFOptions = {
  format: 'letter',
  printBackground: true,
  margin: { top: '0.75in', bottom: '0.75in', left: '0.6in', right: '0.6in' },
};

const PRINT_TIMEOUT_MS = 20_000;

/** Only these origins may be requested; data: URLs (inline images) are always allowed. */
function isAllowed(request: HTTPRequest, allowedOrigin: string | null): boolean {
  const url = request.url();
  if (url.startsWith('data:')) return true;
  if (!allowedOrigin) return false;
  try {
    return new URL(url).origin === allowedOrigin;
  } catch {
    return false;
  }
}

/** `answer` may answer a request itself (the site tab's blank reset page) before the origin check. */
function guard(page: Page, allowedOrigin: string | null, answer?: (request: HTTPRequest) => boolean): Promise<void> {
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (answer?.(request)) return;
    void (isAllowed(request, allowedOrigin) ? request.continue() : request.abort('blockedbyclient'));
  });
  return page.setRequestInterception(true);
}

async function withPage<T>(allowedOrigin: string | null, javaScript: boolean, run: (page: Page) => Promise<T>): Promise<T> {
  const context: BrowserContext = await openContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(PRINT_TIMEOUT_MS);
    await page.setJavaScriptEnabled(javaScript);
    await guard(page, allowedOrigin);
    return await run(page);
  } finally {
    await context.close().catch(() => undefined);
  }
}

/** Self-contained HTML (a converted docx, the fallback application) with scripts off and no network at all. */
export async function printHtml(html: string, options: PDFOptions = LETTER_PDF): Promise<Uint8Array> {
  return withPage(null, false, async (page) => {
    await page.setContent(html, { waitUntil: 'load' });
    return page.pdf(options);
  });
}

// ------------------------------------------------------------------ the site tab

/**
 * The tab that prints our own site's pages, kept between jobs so its renderer process, the web
 * app's cached scripts and their compiled code are reused. One job uses it at a time (a job
 * arriving meanwhile opens a tab of its own, closed after). Nothing of the previous job is left
 * that a page could see: every document in the tab starts with window.name, sessionStorage and
 * localStorage emptied before its own scripts run (see openSiteTab), and after each job the tab
 * goes to a blank page of the same origin served by the guard itself (no network, no script, no
 * service worker: they are bypassed), the browser clears cookies, IndexedDB, caches and every
 * other store of the origin, and the tab's history is dropped. A job that failed in any way, or
 * a wipe that failed, closes the tab instead, as does its hundredth job (a bound on whatever a
 * long-lived renderer accumulates) and a crash of its renderer process, even between jobs.
 */
interface SiteTab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  origin: string;
  jobs: number;
  /** Its renderer process crashed (between jobs too): it is never used again. */
  crashed: boolean;
}

const SITE_TAB_MAX_JOBS = 100;
const RESET_PATH = '/__print-tab-reset';
let idleSiteTab: SiteTab | undefined;

async function openSiteTab(origin: string): Promise<SiteTab> {
  const context = await openContext();
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(PRINT_TIMEOUT_MS);
    await page.setBypassServiceWorker(true);
    // Every document in the tab starts with these empty, before any of its own scripts run: a
    // page that was still busy when the tab moved on can write to them after the wipe (an
    // IndexedDB callback landing in the detached page), and this one would see it otherwise.
    await page.evaluateOnNewDocument(() => {
      const { window, sessionStorage, localStorage } = globalThis as unknown as PageGlobals;
      window.name = '';
      try {
        sessionStorage.clear();
        localStorage.clear();
      } catch {
        // opaque origins (about:blank) have no storage
      }
    });
    const resetUrl = `${origin}${RESET_PATH}`;
    await guard(page, origin, (request) => {
      if (request.url() !== resetUrl) return false;
      void request.respond({ status: 200, contentType: 'text/html; charset=utf-8', body: '<!doctype html><title>Reset</title>' });
      return true;
    });
    const tab: SiteTab = { context, page, cdp: await page.createCDPSession(), origin, jobs: 0, crashed: false };
    page.once('error', () => {
      tab.crashed = true;
    });
    return tab;
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

async function takeSiteTab(origin: string): Promise<SiteTab> {
  const tab = idleSiteTab;
  idleSiteTab = undefined;
  if (tab && tab.origin === origin && !tab.crashed && tab.context.browser().connected && !tab.page.isClosed()) return tab;
  if (tab) await tab.context.close().catch(() => undefined);
  return openSiteTab(origin);
}

/** The reset page is a new document too, so it starts with window.name and both storages empty. */
async function wipeSiteTab({ page, cdp, origin }: SiteTab): Promise<void> {
  await page.goto(`${origin}${RESET_PATH}`);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  await cdp.send('Page.resetNavigationHistory');
  await page.emulateMediaType();
}

async function releaseSiteTab(tab: SiteTab, succeeded: boolean): Promise<void> {
  tab.jobs += 1;
  if (succeeded && !tab.crashed && tab.jobs < SITE_TAB_MAX_JOBS && !idleSiteTab) {
    const wiped = await wipeSiteTab(tab).then(
      () => true,
      () => false,
    );
    if (wiped && !idleSiteTab) {
      idleSiteTab = tab;
      return;
    }
  }
  await tab.context.close().catch(() => undefined);
}

/**
 * Opens the kept tab ahead of the first job and loads a page of the site in it once, so the web
 * app's scripts are cached and compiled before the first real print (which would otherwise pay
 * for a new renderer process and the whole app's compilation, in the middle of a rush).
 */
export async function warmSiteTab(url: string): Promise<void> {
  await withSiteTab(url, async (page) => {
    await page.goto(url, { waitUntil: 'load' });
  });
}

/** Runs `run` in the site tab for this URL's origin, then wipes the tab for the next job (or closes it). */
async function withSiteTab<T>(url: string, run: (page: Page) => Promise<T>): Promise<T> {
  const tab = await takeSiteTab(new URL(url).origin);
  let succeeded = false;
  try {
    const result = await run(tab.page);
    succeeded = true;
    return result;
  } finally {
    await releaseSiteTab(tab, succeeded);
  }
}

export interface PageCapture {
  /** The page rendered its print layout root (`[data-print-ready]`). */
  ready: boolean;
  pdf?: Uint8Array;
}

/**
 * Opens a page of our own site and prints it once the element matching readySelector is
 * there. When the page never shows a print layout root at all (the view does not exist), no
 * PDF is made and the caller falls back; when the root is there but never reports ready within
 * readyTimeoutMs, whatever rendered is printed.
 */
export async function printSitePage(
  url: string,
  opts: { readySelector: string; rootSelector: string; rootTimeoutMs: number; readyTimeoutMs: number; pdf?: PDFOptions },
): Promise<PageCapture> {
  return withSiteTab(url, async (page): Promise<PageCapture> => {
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' }).catch(() => null);
    if (!response || !response.ok()) return { ready: false };
    const root = await page.waitForSelector(opts.rootSelector, { timeout: opts.rootTimeoutMs }).catch(() => null);
    if (!root) return { ready: false };
    await page.waitForSelector(opts.readySelector, { timeout: opts.readyTimeoutMs }).catch(() => null);
    await page.emulateMediaType('print');
    return { ready: true, pdf: await page.pdf(opts.pdf ?? LETTER_PDF) };
  });
}
