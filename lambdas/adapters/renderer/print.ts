/**
 * Printing to PDF in a fresh browser context per job (no cookies or storage shared between
 * applicants), with every request outside the allowed origin aborted before it leaves: a
 * hostile document or answer cannot make the renderer fetch internal addresses (SSRF).
 */
import type { BrowserContext, Page, PDFOptions } from 'puppeteer-core';
import { getBrowser } from './browser';

export const LETTER_PDF: PDFOptions = {
  format: 'letter',
  printBackground: true,
  margin: { top: '0.75in', bottom: '0.75in', left: '0.6in', right: '0.6in' },
};

const PRINT_TIMEOUT_MS = 20_000;

/** Only these origins may be requested; data: URLs (inline images) are always allowed. */
function guard(page: Page, allowedOrigin: string | null): Promise<void> {
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    const url = request.url();
    let allowed = url.startsWith('data:');
    if (!allowed && allowedOrigin) {
      try {
        allowed = new URL(url).origin === allowedOrigin;
      } catch {
        allowed = false;
      }
    }
    void (allowed ? request.continue() : request.abort('blockedbyclient'));
  });
  return page.setRequestInterception(true);
}

async function withPage<T>(allowedOrigin: string | null, javaScript: boolean, run: (page: Page) => Promise<T>): Promise<T> {
  const browser = await getBrowser();
  const context: BrowserContext = await browser.createBrowserContext();
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
  const origin = new URL(url).origin;
  return withPage(origin, true, async (page) => {
    const response = await page.goto(url, { waitUntil: 'domcontentloaded' }).catch(() => null);
    if (!response || !response.ok()) return { ready: false };
    const root = await page.waitForSelector(opts.rootSelector, { timeout: opts.rootTimeoutMs }).catch(() => null);
    if (!root) return { ready: false };
    await page.waitForSelector(opts.readySelector, { timeout: opts.readyTimeoutMs }).catch(() => null);
    await page.emulateMediaType('print');
    return { ready: true, pdf: await page.pdf(opts.pdf ?? LETTER_PDF) };
  });
}
