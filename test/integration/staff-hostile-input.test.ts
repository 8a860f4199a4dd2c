/**
 * The generic attacks on every body route, for the staff routes and with a staff session (the
 * applicant-side files skip them: without a staff session they never read a body): malformed
 * and hostile JSON, prototype-pollution keys and cross-site form posts all get a clear 4xx,
 * never a 5xx, and change nothing.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readAudit } from '#adapters/store/audit-store';
import { setConfig } from '#lambdas/config';
import { routes } from '#lambdas/routes';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const staffBodyRoutes = routes.filter((r) => r.path.startsWith('/staff/api/') && (r.method === 'POST' || r.method === 'PUT'));
let staff: StaffClient;

beforeAll(async () => {
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
  staff = await signedInStaff(baseUrl);
}, 60_000);

async function send(path: string, headers: Record<string, string>, body: string, method = 'POST') {
  const res = await fetch(baseUrl + path, { method, headers: { cookie: staff.cookieHeader, ...headers }, body });
  const text = await res.text();
  return { status: res.status, text, type: res.headers.get('content-type') ?? '', cookies: res.headers.getSetCookie() };
}

const hostile = [
  '{"unterminated": ',
  '[1,2,3]',
  '"a string"',
  '{"unknown_field_xyz": 1}',
  '{"__proto__": {"admin": true}, "constructor": {"prototype": {"admin": true}}}',
  '{"answer": {"__proto__": {"polluted": "polluted-canary"}}, "expires_in_days": 1}',
  '{"answer": {"constructor": "x"}, "expires_in_days": 1}',
  '{"email": {"$ne": ""}, "password": "x"}',
  '{"email": "a@example.edu", "challenge": "__proto__", "session": "x", "code": "123456"}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];

const officeRecords = async () => (await readAudit(undefined, 1000)).items.filter((i) => i.action === 'temporary-link').length;

describe('staff body routes with hostile input', () => {
  it.each(staffBodyRoutes.flatMap((r) => hostile.map((body) => [r.method, r.path, body.slice(0, 60)] as const)))(
    '%s %s %s → clear 400',
    async (method, path, start) => {
      const body = hostile.find((b) => b.startsWith(start))!;
      const before = await officeRecords();
      const res = await send(path, { 'content-type': 'application/json' }, body, method);
      expect(res.status, res.text).toBe(400);
      expect(res.type).toMatch(/application\/json/);
      expect(res.text).not.toMatch(/at .*\.ts:\d+|Error:|stack|polluted-canary/i);
      expect(res.cookies.filter((c) => !/Max-Age=0/.test(c))).toEqual([]);
      expect(await officeRecords()).toBe(before);
    },
  );

  it.each(
    staffBodyRoutes.flatMap((r) =>
      ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain'].map((t) => [r.method, r.path, t] as const),
    ),
  )('%s %s refuses a cross-site form post (%s) with 415', async (method, path, type) => {
    for (const payload of ['answer=x', '']) {
      const res = await send(path, { 'content-type': type, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, payload, method);
      expect(res.status).toBe(415);
    }
  });

  it('left the prototypes of this process untouched', () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });
});
