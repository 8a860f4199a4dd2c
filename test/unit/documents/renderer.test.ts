/**
 * The renderer's SSRF guard with a real headless Chromium (one for the file): a printed page may
 * reach its own origin and nothing else, and self-contained HTML may reach nothing at all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printHtml, printSitePage } from '../../../lambdas/adapters/renderer/print';
import { closeBrowser } from '../../../lambdas/adapters/renderer/browser';
import { pdfText } from '../../fixtures/pdf-text';

function server(handler: (path: string) => { type: string; body: string }): Promise<{ server: Server; origin: string; hits: string[] }> {
  const hits: string[] = [];
  const s = createServer((req, res) => {
    hits.push(req.url ?? '');
    const { type, body } = handler(req.url ?? '/');
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  return new Promise((ok) => s.listen(0, '127.0.0.1', () => ok({ server: s, origin: `http://127.0.0.1:${(s.address() as AddressInfo).port}`, hits })));
}

let site: Awaited<ReturnType<typeof server>>;
let internal: Awaited<ReturnType<typeof server>>;

beforeAll(async () => {
  internal = await server(() => ({ type: 'text/plain', body: 'secret' }));
  site = await server((path) =>
    path.startsWith('/own.css')
      ? { type: 'text/css', body: '#root{color:#000}' }
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

describe('the renderer', () => {
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
    const capture = await printSitePage(`${plain.origin}/about`, { readySelector: '[data-print-ready="true"]', rootSelector: '[data-print-ready]', rootTimeoutMs: 300, readyTimeoutMs: 300 });
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
});
