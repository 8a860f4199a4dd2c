/**
 * A small HTTP client for tests and benchmarks: an applicant with a cookie jar, going through
 * the real endpoints exactly as the browser does.
 */
import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { LOAD_TRACE_HEADER } from '#local/metrics';
import type { Mail } from '#local/outbox';

export const PASSWORD = 'Correct-Horse-42!';

export type { Mail } from '#local/outbox';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * node:http with kept-alive connections, for the load benchmark: fetch (undici) costs the
 * generator several times the CPU per call, CPU that the stack it measures would otherwise have
 * on a 2-core machine. It does not follow redirects; no call the benchmark makes redirects.
 */
const keepAlive = new Agent({ keepAlive: true });

/**
 * Requests sent again because the server closed an idle kept-alive connection just as the
 * request went out on it (Node's documented race: `reusedSocket` and ECONNRESET). The server
 * never read such a request; browsers resend it the same way. The load report prints the count.
 */
export const resentOnClosedConnection = { count: 0 };

/**
 * Start and end (wall-clock ms, performance.timeOrigin-based as the stack's) of every light
 * request by trace id; the stack times the same ids from its side (LOAD_TRACE_HEADER), and the
 * load report splits the slowest calls between the two.
 */
export const lightRequestTimes = new Map<string, { startedAt: number; endedAt?: number }>();
let lastTraceId = 0;

function lightRequest(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | null,
  resent = false,
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolve, reject) => {
    const traceId = `${process.pid}-${++lastTraceId}`;
    const times: { startedAt: number; endedAt?: number } = { startedAt: performance.timeOrigin + performance.now() };
    lightRequestTimes.set(traceId, times);
    const req = httpRequest(url, { method, headers: { ...headers, [LOAD_TRACE_HEADER]: traceId }, agent: keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        times.endedAt = performance.timeOrigin + performance.now();
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) out.append(name, v);
        }
        resolve({ status: res.statusCode ?? 0, headers: out, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!resent && req.reusedSocket && error.code === 'ECONNRESET') {
        resentOnClosedConnection.count += 1;
        lightRequest(url, method, headers, body, true).then(resolve, reject);
      } else {
        reject(error);
      }
    });
    req.end(body ?? undefined);
  });
}

export class ApiClient {
  readonly jar = new Map<string, string>();

  /** `light`: plain node:http instead of fetch (the load benchmark; see lightRequest). */
  constructor(
    readonly baseUrl: string,
    private readonly options: { light?: boolean } = {},
  ) {}

  /** The applicant's id: the `sub` of the access token in the jar, as the API derives it. */
  get subject(): string {
    const token = [...this.jar].find(([name]) => name.endsWith('.accessToken'))?.[1];
    if (!token) throw new Error('not logged in: no access token in the cookie jar');
    return (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;
  }

  get cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    init: { headers?: Record<string, string>; raw?: string } = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.jar.size) headers.cookie = this.cookieHeader;
    let payload: string | undefined = init.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = this.options.light
      ? await lightRequest(this.baseUrl + path, method, headers, payload ?? null)
      : await fetch(this.baseUrl + path, { method, headers, body: payload ?? null }).then(async (r) => ({
          status: r.status,
          headers: r.headers,
          text: await r.text(),
        }));
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (/Max-Age=0/i.test(cookie) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = res.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: the test will say so */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = Record<string, unknown>>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

export const uniqueEmail = (tag = 'applicant') => `${tag}-${randomUUID().slice(0, 8)}@example.edu`;

export async function outbox(baseUrl: string): Promise<Mail[]> {
  return (await fetch(`${baseUrl}/_dev/mail.json`)).json() as Promise<Mail[]>;
}

/** The newest mail to this address (polls briefly: mail is written as the request finishes). */
export async function latestMail(baseUrl: string, to: string): Promise<Mail> {
  for (let i = 0; i < 50; i++) {
    const mail = (await outbox(baseUrl)).filter((m) => m.to === to).at(-1);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no mail to ${to}`);
}

/** Signs up, confirms with the code from the dev outbox and logs in. */
export async function registeredApplicant(baseUrl: string, username = uniqueEmail()): Promise<ApiClient & { username: string }> {
  const client = Object.assign(new ApiClient(baseUrl), { username });
  const signup = await client.post('/public/signup', { username, password: PASSWORD });
  if (signup.status !== 200) throw new Error(`signup ${signup.status} ${JSON.stringify(signup.body)}`);
  const { code } = await latestMail(baseUrl, username);
  const confirm = await client.post('/public/confirm', { username, code });
  if (confirm.status !== 200) throw new Error(`confirm ${confirm.status} ${JSON.stringify(confirm.body)}`);
  const login = await client.post('/public/login', { username, password: PASSWORD });
  if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  return client;
}
