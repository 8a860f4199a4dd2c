/**
 * The local stack's front door behaves as CloudFront and API Gateway do for requests a browser
 * never sends but a prober does: paths starting with //, writes to the static site, a missing
 * hashed asset, and a body too large for the gateway on a kept-alive connection.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
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

  it('answers a request it cannot read with a JSON 400, not an empty body', async () => {
    // Refused by Node's parser (clientError) and by the stack's own reading of the target (an
    // absolute-form target naming a host is no path of this site).
    for (const target of ['%2fapi%2fprofile', 'http://evil.example/api/profile']) {
      const res = await rawHttp('GET', target);
      expect([res.status, res.headers['content-type']], target).toEqual([400, 'application/json; charset=utf-8']);
      expect(JSON.parse(res.text)).toEqual({ message: 'The request could not be read.' });
    }
    const { hostname, port } = new URL(baseUrl);
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n'));
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString('utf8')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).toContain('{"message":"The request could not be read."}');
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
