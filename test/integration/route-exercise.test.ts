/**
 * The exercise of README's "Add a route": a new staff route made of its declaration, its handler
 * and its use-case alone (test/fixtures/route-exercise/), with no other list touched. Every
 * derivation takes it in: the console's role check, the isolation and role cases (run here
 * against its handler, in this process, with the stack's stores and real staff sessions), the
 * access record's action and words, and the roles table of docs/staff-api.md.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { trustLocalStaffTokens } from '#adapters/identity/staff-verify';
import { readAudit } from '#adapters/store/audit-store';
import { recordInWords } from '#domain/staff/access-wording';
import { auditWordsOf, type ActionsOf } from '#form/wire/audit';
import { endpoint, POST } from '#form/wire/endpoint';
import { DECIDING_ROLES, STAFF_ROLES, type StaffRole } from '#form/wire/roles';
import { allowsIn } from '#form/wire/staff-access';
import { staffEndpoints } from '#form/wire/staff-endpoints';
import { setConfig } from '#lambdas/config';
import { gatewayEvent, lambdaContext } from '#local/api-gateway';
import { loadOrCreateSigningKey } from '#local/identity/keys';
import { rolesTable } from '../../scripts/docs-routes';
import { addNoteInput, exerciseEndpoints } from '../fixtures/route-exercise/declaration';
import { handler } from '../fixtures/route-exercise/handler';
import { registeredApplicant } from '../support/client';
import { allowedRole, exampleRequest, roleRefusals, staffRoutes, type CaseRequest } from '../support/route-cases';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');
const route = { ...exerciseEndpoints.addNote, name: 'addNote' } as const;
const example = exerciseEndpoints.addNote.example;
const application = example.path.id;

/** The exercise route's handler called as API Gateway calls a route's function, with these cookies. */
async function call(request: CaseRequest, cookies: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(request.path, baseUrl);
  const event = gatewayEvent({
    method: request.method,
    url,
    routeKey: `${route.method} ${route.path}`,
    headers: { cookie: cookies, 'content-type': 'application/json' },
    body: Buffer.from(request.body === undefined ? '' : JSON.stringify(request.body)),
    pathParameters: example.path,
  });
  const res = await handler(event, lambdaContext('addNote'));
  return { status: res.statusCode ?? 0, body: JSON.parse(String(res.body)) as Record<string, unknown> };
}

/** The records the exercise's application has, by whom. */
const recorded = async () => (await readAudit(application, 100)).items.map((r) => [r.staff, r.action]);

describe('a staff route added as an exercise: its declaration, handler and use-case', () => {
  const staff = {} as Record<StaffRole, StaffClient>;
  let applicantCookies: string;

  beforeAll(async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    // The stack's staff sessions, verified in this process as the stack verifies them.
    trustLocalStaffTokens({ issuer: `${baseUrl}/_local-idp`, jwks: loadOrCreateSigningKey(inject('dataDir')).jwks });
    for (const role of STAFF_ROLES) staff[role] = await signedInStaff(baseUrl, undefined, role);
    applicantCookies = (await registeredApplicant(baseUrl)).cookieHeader;
  }, 90_000);

  it("the console offers it to the roles it allows (form/wire/staff-access.ts's `allows`, over the table)", () => {
    const table = { ...staffEndpoints, ...exerciseEndpoints };
    expect(STAFF_ROLES.filter((role) => allowsIn(table, role, 'addNote'))).toEqual([...DECIDING_ROLES]);
  });

  it('the isolation and role cases take it in, and its handler refuses them before anything is recorded', async () => {
    expect(staffRoutes(exerciseEndpoints).map((r) => r.name)).toEqual(['addNote']);
    const refusals = roleRefusals(exerciseEndpoints);
    expect(refusals.map((r) => [r.route.name, r.role])).toEqual([['addNote', 'reader']]);
    const before = await recorded();
    for (const { role, request } of refusals) {
      expect(await call(request, staff[role].cookieHeader)).toMatchObject({ status: 403, body: { message: expect.stringContaining(`(${role})`) } });
    }
    // The credentials staff-isolation.test.ts sends, two of them: none, and an applicant's session.
    expect((await call(exampleRequest(route), '')).status).toBe(401);
    expect((await call(exampleRequest(route), applicantCookies)).status).toBe(401);
    expect(await recorded()).toEqual(before);
  });

  it('a role it allows gets through with its example, recorded under its action, in the words it declares', async () => {
    const role = allowedRole(staffRoutes(exerciseEndpoints)[0]!)!;
    expect(role).toBe('decider');
    expect(await call(exampleRequest(route), staff[role].cookieHeader)).toEqual({ status: 200, body: { message: 'Noted (28 characters).' } });
    const [record] = (await readAudit(application, 100)).items.filter((r) => r.staff === staff[role].email);
    expect(record).toMatchObject({ action: 'note', application });
    const words = auditWordsOf({ ...staffEndpoints, ...exerciseEndpoints });
    expect(recordInWords(words.note!, record!, { reference: 'Y7J347YY', name: 'Ada Lovelace' })).toBe(
      'Added a note to the application Y7J347YY (Ada Lovelace)',
    );
  });

  it('its action joins the derived type, and its words and example are required as any route’s are', () => {
    const action: ActionsOf<typeof exerciseEndpoints> = 'note';
    expect(action).toBe('note');
    const path = { id: 'x' };
    const wrong = [
      // @ts-expect-error a sentence naming a value the access record does not know does not compile
      () => endpoint<typeof addNoteInput>()(POST, '/staff/api/x/{id}', { access: 'staff', roles: DECIDING_ROLES, audit: { note: 'Noted {what}' }, example }),
      // @ts-expect-error a staff route says what it records (or 'none')
      () => endpoint<typeof addNoteInput>()(POST, '/staff/api/x/{id}', { access: 'staff', roles: DECIDING_ROLES, example }),
      // @ts-expect-error a staff route that takes a body and a path parameter gives an example of both
      () => endpoint<typeof addNoteInput>()(POST, '/staff/api/x/{id}', { access: 'staff', roles: DECIDING_ROLES, audit: 'none', example: { path } }),
      // @ts-expect-error a staff route names its roles
      () => endpoint<typeof addNoteInput>()(POST, '/staff/api/x/{id}', { access: 'staff', audit: 'none', example }),
    ];
    expect(wrong).toHaveLength(4);
  });

  it("docs/staff-api.md's roles table takes it in", () => {
    expect(rolesTable({ ...staffEndpoints, ...exerciseEndpoints }).split('\n')).toContain(
      '| `POST /staff/api/applications/{id}/notes` | decider, admin | `note`: `Added a note to {application}` |',
    );
  });
});
