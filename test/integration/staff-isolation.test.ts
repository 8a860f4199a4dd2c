/**
 * Every staff route refuses everyone but a signed-in staff member, returns nothing and writes
 * nothing for them; and a staff session opens none of the applicant's routes.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readAudit } from '#adapters/store/audit-store';
import { issueToken } from '#adapters/store/tokens-store';
import { policies } from '#form/institution-policies';
import { setConfig } from '#lambdas/config';
import { routes } from '#lambdas/routes';
import { loadOrCreateSigningKey, signJwt, type SigningKey } from '#local/identity/keys';
import * as fixtures from '../fixtures/documents';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { ApiClient, registeredApplicant } from '../support/client';
import { signedInStaff, STAFF_PASSWORD, totpCode, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const staffRoutes = routes.filter((r) => r.access === 'staff');

let staff: StaffClient;
let applicant: Awaited<ReturnType<typeof registeredApplicant>>;
let key: SigningKey;

beforeAll(async () => {
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
  key = loadOrCreateSigningKey(inject('dataDir'));
  staff = await signedInStaff(baseUrl);
  applicant = await registeredApplicant(baseUrl);
  await applicant.put('/api/answer', completeApplication());
  // A document and the PDF, so the download routes have something to refuse (and to open for staff).
  expect((await uploadDocument(applicant, 'hs_transcript', await fixtures.png(), 'transcript.png')).settled?.status).toBe('COMPLETED');
  expect((await applicant.post('/api/submit')).status).toBe(200);
  expect((await waitForApplicationPdf(applicant)).status).toBe('COMPLETED');
}, 60_000);

/** A body each route takes from a member allowed it (the others take none). */
function bodyFor(route: (typeof staffRoutes)[number]): unknown {
  const scores = Object.fromEntries(policies.reviewRubric.map((c) => [c.key, 3]));
  const bodies: Partial<Record<string, unknown>> = {
    issueTemporaryLink: { answer: { first_name: 'X' }, expires_in_days: 1 },
    saveReview: { scores, recommendation: 'admit' },
    recordDecision: { decision: 'admit' },
    recordDecisions: { ids: [applicant.subject], decision: 'admit' },
    scheduleRelease: { status: 'decided', at: new Date(Date.now() + 300 * 86_400_000).toISOString() },
  };
  return bodies[route.name];
}

const filled = (path: string) =>
  path.replace('{id}', applicant.subject).replace('{key}', 'hs_transcript').replace('{recommendationId}', '00000000-0000-4000-8000-000000000000');

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
 * The audit records a refused request of this file could have written: the office's records name
 * this file's staff member, its applicant or their application, or no one (an anonymous caller).
 * Other files share the stack and write office records of their own staff at the same time.
 */
async function auditCounts(): Promise<number[]> {
  const [office, app] = await Promise.all([readAudit(undefined, 1000), readAudit(applicant.subject, 1000)]);
  const ours = (r: { staff: string; application?: string }) =>
    r.staff === staff.email || r.staff === applicant.username || r.application === applicant.subject || !r.staff.includes('@');
  return [office.items.filter(ours).length, app.items.length];
}

const cases = staffRoutes.flatMap((route) => intruders.map(([who, make]) => [`${route.method} ${route.path}`, who, route, make] as const));

describe('staff routes refuse everyone else', () => {
  it('covers every staff route of the table', () => {
    expect(staffRoutes.map((r) => r.name).sort()).toEqual(
      [
        'downloadApplicationDocument',
        'downloadRecommendationLetter',
        'downloadStaffApplicationPdf',
        'eraseApplication',
        'exportApplicationsCsv',
        'exportApplicationsJson',
        'issueTemporaryLink',
        'listApplications',
        'listReleases',
        'listTemporaryLinks',
        'nextToRead',
        'readApplication',
        'readAudit',
        'readReviewForm',
        'readStaffSession',
        'recordDecision',
        'recordDecisions',
        'revokeTemporaryLink',
        'saveReview',
        'scheduleRelease',
        'cancelRelease',
      ].sort(),
    );
  });

  it.each(cases)('%s refuses %s: 401, nothing returned, nothing written', async (_name, _who, route, make) => {
    const { client, query } = await make();
    const path = filled(route.path);
    const before = await auditCounts();
    const body = bodyFor(route);
    const res = await client.request(route.method, `${path}${query ? `?${query}` : ''}`, body);
    expect(res.status).toBe(401);
    expect(Object.keys(res.body as object)).toEqual(['message']);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.getSetCookie().filter((c) => c.startsWith('StaffSession.') && !/Max-Age=0/.test(c))).toEqual([]);
    expect(await auditCounts()).toEqual(before);
  });

  it('the real staff session does open them (the cases above are not refused for another reason)', async () => {
    // The revocation needs a link of its own to revoke; the cancellation, the release scheduled (far ahead) here.
    const link = await staff.post<{ id: string }>('/staff/api/temporary-links', { answer: { first_name: 'X' }, expires_in_days: 1 });
    let release = '';
    for (const route of staffRoutes) {
      const ids: Record<string, string> = { revokeTemporaryLink: link.body.id, cancelRelease: release };
      const path = route.name in ids ? route.path.replace('{id}', ids[route.name]!) : filled(route.path);
      const body = bodyFor(route);
      const res = await fetch(`${baseUrl}${path}`, {
        method: route.method,
        headers: { cookie: staff.cookieHeader, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : null,
        redirect: 'manual',
      });
      // This application has no recommendation: the letter route gets past the session and answers that there is no such letter.
      // The queue answers 404 when this admin has reviewed every application waiting (the review above may be the last);
      // the erasure is asked without a reason: past the session, it refuses the body (and erases nothing the other cases read).
      const expected =
        route.name === 'downloadRecommendationLetter'
          ? [404]
          : route.name === 'nextToRead'
            ? [200, 404]
            : route.name === 'eraseApplication'
              ? [400]
              : [200, 303];
      expect(expected, route.name).toContain(res.status);
      if (route.name === 'scheduleRelease') release = ((await res.json()) as { id: string }).id;
    }
  });
});

describe('a staff session opens no applicant route', () => {
  it.each(routes.filter((r) => r.access === 'applicant').map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (_name, route) => {
    const c = new ApiClient(baseUrl);
    for (const [k, v] of staff.jar) c.jar.set(k, v);
    // Even with the staff token under the applicant's cookie name.
    const staffAccess = staff.jar.get('StaffSession.accessToken')!;
    c.jar.set('CognitoIdentityServiceProvider.localclient.accessToken', staffAccess);
    const res = await c.request(route.method, route.path.replace('{key}', 'transcript'), route.method === 'PUT' || route.method === 'POST' ? {} : undefined);
    expect(res.status).toBe(401);
  });
});
