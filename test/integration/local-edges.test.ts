/**
 * The local stack's front door behaves as CloudFront and API Gateway do for requests a browser
 * never sends but a prober does: paths starting with //, writes to the static site, a missing
 * hashed asset, and a body too large for the gateway on a kept-alive connection.
 */
import { Agent, request } from 'node:http';
import { describe, expect, inject, it } from 'vitest';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

/** One request with the path exactly as given (fetch would resolve // as a host). */
function rawHttp(method: string, path: string, init: { headers?: Record<string, string>; body?: string | Buffer; agent?: Agent } = {}) {
  const { hostname, port } = new URL(baseUrl);
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers: init.headers, agent: init.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(5_000, () => req.destroy(new Error(`${method} ${path} took over 5 s`)));
    req.end(init.body);
  });
}

describe('the local front door', () => {
  it('keeps a path that starts with // a path: no API route is reached through it', async () => {
    const a = await registeredApplicant(baseUrl);
    const headers = { cookie: a.cookieHeader, 'content-type': 'application/json' };
    const put = await rawHttp('PUT', '//junk.example/api/answer', { headers, body: JSON.stringify({ middle_name: 'viaDoubleSlash' }) });
    expect(put.status).toBe(405);
    const get = await rawHttp('GET', '//api/profile', { headers: { cookie: a.cookieHeader } });
    expect(get.headers['content-type']).toMatch(/text\/html/);
    expect(get.text).not.toContain(a.username);
    expect((await a.get('/api/profile')).body.answer).toEqual({});
  });

  it('serves the web app read-only, and a missing file as 404 rather than the app under its name', async () => {
    expect((await rawHttp('POST', '/index.html', { headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(405);
    expect((await rawHttp('DELETE', '/about')).status).toBe(405);
    const missing = await rawHttp('GET', '/assets/does-not-exist.js');
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<html');
    const route = await rawHttp('GET', '/about');
    expect([route.status, route.headers['content-type']]).toEqual([200, 'text/html; charset=utf-8']);
  });

  it('closes a kept-alive connection after refusing a body too large, so the next request is not stuck behind it', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const big = Buffer.alloc(11 * 1024 * 1024, 'a');
      const refused = await rawHttp('PUT', '/api/answer', { headers: { 'content-type': 'application/json' }, body: big, agent });
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      const next = await rawHttp('GET', '/api/profile', { agent });
      expect(next.status).toBe(401);
    } finally {
      agent.destroy();
    }
  });
});
