/**
 * A small HTTP client for tests and benchmarks: an applicant with a cookie jar, going through
 * the real endpoints exactly as the browser does.
 */
import { randomUUID } from 'node:crypto';
import type { Mail } from '../../local/outbox';

export const PASSWORD = 'Correct-Horse-42!';

export type { Mail } from '../../local/outbox';

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

export class ApiClient {
  readonly jar = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

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
    const res = await fetch(this.baseUrl + path, { method, headers, body: payload ?? null });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at);
      const value = pair!.slice(at + 1);
      if (/Max-Age=0/i.test(cookie) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    const text = await res.text();
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
