/**
 * The renderer with a real headless Chromium (one for the file): a printed page may reach its
 * own origin and nothing else, self-contained HTML may reach nothing at all, and the tab kept
 * for the site's print view carries nothing from one job to the next.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '#test/fixtures/pdf-text';
import { closeBrowser, getBrowser } from './browser';
import { printHtml, printSitePage, warmSiteTab } from './print';

function server(handler: (path: string) => { type: string; body: string }): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const s = createServer((req, res) => {
    hits.push(req.url ?? '');
    const { type, body } = handler(req.url ?? '/');
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  return new Promise((ok) => s.listen(0, '127.0.0.1', () => ok({ server: s, origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, hits })));
}

/**
 * A print view that reports, once loaded, everything an earlier page in the same tab could have
 * left behind, then leaves its own mark in each of those places.
 */
const SNOOPING_VIEW = `<!doctype html><div id="root" data-print-ready="false"></div><script>
(async () => {
  const me = new URL(location.href).searchParams.get('who');
  const seen = [];
  if (window.name) seen.push('name ' + window.name);
  if (sessionStorage.getItem('who')) seen.push('session ' + sessionStorage.getItem('who'));
  if (localStorage.getItem('who')) seen.push('local ' + localStorage.getItem('who'));
  if (document.cookie) seen.push('cookie ' + document.cookie);
  const dbs = await indexedDB.databases();
  if (dbs.length) seen.push('indexeddb ' + dbs.map((d) => d.name).join(','));
  if (history.length > 2) seen.push('history ' + history.length);
  window.name = me;
  sessionStorage.setItem('who', me);
  localStorage.setItem('who', me);
  document.cookie = 'who=' + me;
  await new Promise((ok) => { const r = indexedDB.open('db-' + me); r.onsuccess = () => { r.result.close(); ok(); }; });
  const wrote = sessionStorage.getItem('who') === me && document.cookie.includes(me) && (await indexedDB.databases()).length > 0;
  const root = document.getElementById('root');
  root.textContent = 'job ' + me + ' saw ' + (seen.join('; ') || 'nothing') + (wrote ? ' and left its marks' : ' and could not write');
  root.dataset.printReady = 'true';
})();
</script>`;

let site: Awaited<ReturnType<typeof server>>;
let internal: Awaited<ReturnType<typeof server>>;

beforeAll(async () => {
  internal = await server(() => ({ type: 'text/plain', body: 'secret' }));
  site = await server((path) =>
    path.startsWith('/own.css')
      ? { type: 'text/css', body: '#root{color:#000}' }
      : path.startsWith('/snoop')
        ? { type: 'text/html', body: SNOOPING_VIEW }
        : {
            type: 'text/html',
            body: `<!doctype html><link rel="stylesheet" href="/own.css"><img src="${internal.origin}/latest/meta-data">
<div id="root" data-print-ready="false">Loading</div>
<script>setTimeout(() => { const r = document.getElementById('root'); r.textContent = 'Printed view'; r.dataset.printReady = 'true'; }, 50);</script>`,
          },
  );
});

afterAll(async () => {
  await closeBrowser();
  site.server.close();
  internal.server.close();
});

/** What `run` resolved to, and how many tabs the browser opened meanwhile. */
async function tabsOpenedDuring<T>(run: () => Promise<T>): Promise<{ result: T; opened: number }> {
  const browser = await getBrowser();
  let opened = 0;
  const count = () => (opened += 1);
  browser.on('targetcreated', count);
  try {
    return { result: await run(), opened };
  } finally {
    browser.off('targetcreated', count);
  }
}

const viewOptions = { readySelector: '[data-print-ready="true"]', rootSelector: '[data-print-ready]', rootTimeoutMs: 3000, readyTimeoutMs: 3000 };

// Each test may start Chromium (seconds on a loaded machine, beyond the unit project's 5 s default).
describe('the renderer', { timeout: 30_000 }, () => {
  it('prints a site page once it reports ready, fetching only from its own origin', async () => {
    const capture = await printSitePage(`${site.origin}/about?service_token=t`, {
      readySelector: '[data-print-ready="true"]',
      rootSelector: '[data-print-ready]',
      rootTimeoutMs: 3000,
      readyTimeoutMs: 3000,
    });
    expect(capture.ready).toBe(true);
    expect((await pdfText(capture.pdf as Uint8Array)).text).toContain('Printed view');
    expect(site.hits).toContain('/own.css');
    expect(internal.hits).toEqual([]);
  });

  it('reports a page without a print layout as not ready, so the caller falls back', async () => {
    const plain = await server(() => ({ type: 'text/html', body: '<p>An ordinary page</p>' }));
    const capture = await printSitePage(`${plain.origin}/about`, {
      readySelector: '[data-print-ready="true"]',
      rootSelector: '[data-print-ready]',
      rootTimeoutMs: 300,
      readyTimeoutMs: 300,
    });
    plain.server.close();
    expect(capture).toEqual({ ready: false });
  });

  it('prints self-contained HTML with no network and no scripts', async () => {
    const pdf = await printHtml(
      `<p id="p">Static text</p><img src="${internal.origin}/x"><link rel="stylesheet" href="${internal.origin}/y.css"><script>document.getElementById('p').textContent='Script ran'</script>`,
    );
    const { text } = await pdfText(pdf);
    expect(text).toContain('Static text');
    expect(text).not.toContain('Script ran');
    expect(internal.hits).toEqual([]);
  });

  it('prints the site view in one kept tab, and a job sees nothing an earlier job left in it', async () => {
    const print = async (who: string) => {
      const capture = await printSitePage(`${site.origin}/snoop?who=${who}`, viewOptions);
      return (await pdfText(capture.pdf as Uint8Array)).text;
    };
    expect(await print('ada')).toContain('job ada saw nothing and left its marks');
    const { result, opened } = await tabsOpenedDuring(async () => [await print('bob'), await print('cy')]);
    expect(result[0]).toContain('job bob saw nothing and left its marks');
    expect(result[1]).toContain('job cy saw nothing and left its marks');
    expect(opened).toBe(0);
    // The blank page between jobs is answered in the browser, not fetched.
    expect(site.hits.filter((h) => h.includes('reset'))).toEqual([]);
  });

  it('opens a new tab when the browser it kept one in has gone', async () => {
    await printSitePage(`${site.origin}/snoop?who=dee`, viewOptions);
    await closeBrowser();
    const capture = await printSitePage(`${site.origin}/snoop?who=eve`, viewOptions);
    expect((await pdfText(capture.pdf as Uint8Array)).text).toContain('job eve saw nothing');
  });

  it('prints in a new tab when the kept one crashed between jobs', async () => {
    await printSitePage(`${site.origin}/snoop?who=fay`, viewOptions);
    const kept = (await (await getBrowser()).pages()).find((p) => p.url().includes('reset'));
    expect(kept).toBeDefined();
    const crashed = new Promise((ok) => kept!.once('error', ok));
    // The command itself is answered only once the browser gives up on the crashed target.
    void (await kept!.createCDPSession()).send('Page.crash').catch(() => undefined);
    await crashed;
    const { result: capture, opened } = await tabsOpenedDuring(() => printSitePage(`${site.origin}/snoop?who=gus`, viewOptions));
    expect(opened).toBeGreaterThan(0);
    expect(capture.ready).toBe(true);
    expect((await pdfText(capture.pdf as Uint8Array)).text).toContain('job gus saw nothing');
  });

  it('warms the kept tab ahead of the first job, which then opens no tab and sees nothing of a page that was still busy', async () => {
    await closeBrowser();
    await warmSiteTab(`${site.origin}/snoop?who=warm-up`);
    expect(site.hits).toContain('/snoop?who=warm-up');
    const { result: capture, opened } = await tabsOpenedDuring(() => printSitePage(`${site.origin}/snoop?who=hal`, viewOptions));
    expect(opened).toBe(0);
    expect((await pdfText(capture.pdf as Uint8Array)).text).toContain('job hal saw nothing');
  });
});
