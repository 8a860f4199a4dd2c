/**
 * Every staff route refuses everyone but a signed-in staff member, returns nothing and writes
 * nothing for them; and a staff session opens none of the applicant's routes. The routes and
 * their requests come from their declarations (form/wire, test/support/route-cases.ts): each is
 * sent as its example, which passes its input's parsing, so only the credential refuses it
 * (staff-roles.test.ts shows a member of a role it allows gets past the session with the same request).
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readAudit } from '#adapters/store/audit-store';
import { issueToken } from '#adapters/store/tokens-store';
import { endpoints } from '#form/wire/endpoints';
import { setConfig } from '#lambdas/config';
import { routes } from '#lambdas/routes';
import { loadOrCreateSigningKey, signJwt, type SigningKey } from '#local/identity/keys';
import { ApiClient, registeredApplicant } from '../support/client';
import { applicantRoutes, exampleRequest, examplePathValues, staffRoutes } from '../support/route-cases';
import { signedInStaff, STAFF_PASSWORD, totpCode, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

let staff: StaffClient;
let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
let key: SigningKey;

beforeAll(async () => {
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
  key = loadOrCreateSigningKey(inject('dataDir'));
  staff = await signedInStaff(baseUrl, undefined, 'admin');
  applicant = await registeredApplicant(baseUrl);
}, 60_000);

function staffToken(overrides: Record<string, unknown>, signWith: SigningKey = key): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(signWith, {
    sub: randomUUID(),
    iss: `${baseUrl}/_local-idp`,
    client_id: 'localstaffclient',
    token_use: 'access',
    username: staff.email,
    iat: now - 60,
    exp: now + 600,
    jti: randomUUID(),
    ...overrides,
  });
}

/** Another RSA key under the stack's key id, made once for the file (a 2048-bit key per case was most of the case's time). */
let otherKey: SigningKey | undefined;
function foreignKey(): SigningKey {
  otherKey ??= { ...key, privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey };
  return otherKey;
}

/**
 * The cookies a client holds after a sign-in stopped at a wrong TOTP code, signed in once for the
 * file: each case gets a fresh client holding them (a sign-in per case cost a password check each,
 * and piled up wrong codes on one member).
 */
let stoppedAtWrongCode: Promise<Array<[string, string]>> | undefined;
async function signInStoppedAtWrongCode(): Promise<Array<[string, string]>> {
  const c = new ApiClient(baseUrl);
  const step = await c.post<{ challenge: string; session: string }>('/staff/api/login', { email: staff.email, password: STAFF_PASSWORD });
  expect(step.body.challenge).toBe('SOFTWARE_TOKEN_MFA');
  const wrong = await c.post('/staff/api/login', {
    email: staff.email,
    challenge: 'SOFTWARE_TOKEN_MFA',
    session: step.body.session,
    code: totpCode(staff.secret, 9),
  });
  expect(wrong.status).toBe(401);
  return [...c.jar];
}

const applicantAccessToken = () => [...applicant.jar].find(([name]) => name.endsWith('.accessToken'))![1];

/** Callers that must be refused, each a fresh client. */
const intruders: Array<[string, () => Promise<{ client: ApiClient; query?: string }>]> = [
  ['no session', async () => ({ client: new ApiClient(baseUrl) })],
  ['an applicant session', async () => ({ client: applicant })],
  [
    "an applicant's token in the staff cookie",
    async () => {
      const c = new ApiClient(baseUrl);
      c.jar.set('StaffSession.accessToken', applicantAccessToken());
      return { client: c };
    },
  ],
  [
    'a sign-in stopped at a wrong TOTP code',
    async () => {
      const c = new ApiClient(baseUrl);
      for (const [name, value] of await (stoppedAtWrongCode ??= signInStoppedAtWrongCode())) c.jar.set(name, value);
      return { client: c };
    },
  ],
  [
    'a service token',
    async () => ({ client: new ApiClient(baseUrl), query: `service_token=${await issueToken({ kind: 'service', sub: applicant.subject }, 300)}` }),
  ],
  [
    'an expired staff session',
    async () => {
      const c = new ApiClient(baseUrl);
      const now = Math.floor(Date.now() / 1000);
      c.jar.set('StaffSession.accessToken', staffToken({ iat: now - 3600, exp: now - 1800 }));
      return { client: c };
    },
  ],
  [
    'a staff token signed by another key',
    async () => {
      const c = new ApiClient(baseUrl);
      c.jar.set('StaffSession.accessToken', staffToken({}, foreignKey()));
      return { client: c };
    },
  ],
  [
    "a token for the applicant client with a staff member's name",
    async () => {
      const c = new ApiClient(baseUrl);
      c.jar.set('StaffSession.accessToken', staffToken({ client_id: 'localclient' }));
      return { client: c };
    },
  ],
  [
    'a refresh token that is not one',
    async () => {
      const c = new ApiClient(baseUrl);
      c.jar.set('StaffSession.refreshToken', 'x'.repeat(64));
      return { client: c };
    },
  ],
];

/**
 * The audit records a refused request of this file could have written: in the office's records
 * and those of the applications the examples name, the records of this file's staff member, its
 * applicant or no one (an anonymous caller). Other files share the stack and write records of
 * their own staff at the same time (staff-roles.test.ts sends the same examples as allowed members).
 */
async function auditCounts(): Promise<number[]> {
  const ours = (r: { staff: string; application?: string }) =>
    r.staff === staff.email || r.staff === applicant.username || r.application === applicant.subject || !r.staff.includes('@');
  const partitions = await Promise.all([undefined, applicant.subject, ...examplePathValues(endpoints)].map((p) => readAudit(p, 1000)));
  return partitions.map((page) => page.items.filter(ours).length);
}

const declared = staffRoutes(endpoints);
const cases = declared.flatMap((route) => intruders.map(([who, make]) => [`${route.method} ${route.path}`, who, route, make] as const));

describe('staff routes refuse everyone else', () => {
  it('covers every route the staff middleware guards', () => {
    expect(declared.map((r) => r.name).sort()).toEqual(
      routes
        .filter((r) => r.access === 'staff')
        .map((r) => r.name)
        .sort(),
    );
    expect(declared.length).toBeGreaterThan(20);
  });

  it.each(cases)('%s refuses %s: 401, nothing returned, nothing written', async (_name, _who, route, make) => {
    const { client, query } = await make();
    const request = exampleRequest(route);
    const before = await auditCounts();
    const res = await client.request(request.method, `${request.path}${query ? `${request.path.includes('?') ? '&' : '?'}${query}` : ''}`, request.body);
    expect(res.status).toBe(401);
    expect(Object.keys(res.body as object)).toEqual(['message']);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('StaffSession.') && !/Max-Age=0/.test(c))).toEqual([]);
    expect(await auditCounts()).toEqual(before);
  });
});

describe('a staff session opens no applicant route', () => {
  it.each(applicantRoutes(endpoints).map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const c = new ApiClient(baseUrl);
    for (const [k, v] of staff.jar) c.jar.set(k, v);
    // Even with the staff token under the applicant's cookie name.
    const staffAccess = staff.jar.get('StaffSession.accessToken')!;
    c.jar.set('CognitoIdentityServiceProvider.localclient.accessToken', staffAccess);
    const request = exampleRequest(route);
    const res = await c.request(request.method, request.path, request.method === 'PUT' || request.method === 'POST' ? {} : undefined);
    expect(res.status).toBe(401);
  });
});
