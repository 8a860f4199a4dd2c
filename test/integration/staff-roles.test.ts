/**
 * Staff roles and the office status on the real local stack: three staff members of the three
 * roles; every staff route refuses the roles its declaration does not allow (403 in words,
 * nothing written, no audit record) and lets one it allows past the session, the role and the
 * input's parsing, each with its example request (form/wire, test/support/route-cases.ts); the
 * list's status filter, the export's, and an application's history in order, after changes made
 * by the domain use-case through the real adapters.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { changeOfficeStatus } from '#domain/lifecycle/history';
import { endpoints } from '#form/wire/endpoints';
import { STAFF_ROLES, type StaffRole } from '#form/wire/roles';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { ApiClient, registeredApplicant } from '../support/client';
import { allowedRole, exampleRequest, roleRefusals, staffRoutes, type CaseRequest } from '../support/route-cases';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

interface ListBody {
  items: Array<{ id: string; office_status: string }>;
  cursor: string | null;
}
interface AuditBody {
  items: Array<{ staff: string; action: string; application?: string; detail?: { application?: string } }>;
}

async function submitted(tag: string): Promise<string> {
  const a = await registeredApplicant(baseUrl);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: tag })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  return a.subject;
}

const send = (client: ApiClient, r: CaseRequest) => client.request(r.method, r.path, r.body);

describe('staff roles', () => {
  const tag = `Rol${randomUUID().slice(0, 6)}`;
  const staff = {} as Record<StaffRole, StaffClient>;
  let first: string;

  beforeAll(async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    first = await submitted(tag);
    for (const role of STAFF_ROLES) staff[role] = await signedInStaff(baseUrl, undefined, role);
  }, 90_000);

  it("the session names each member's role", async () => {
    for (const role of STAFF_ROLES) expect((await staff[role].get('/staff/api/session')).body).toEqual({ email: staff[role].email, role });
  });

  it('every staff route refuses the roles its declaration does not allow: 403 in words, and no audit record of it', async () => {
    const refusals = roleRefusals(endpoints);
    for (const { route, role, request } of refusals) {
      const res = await send(staff[role], request);
      expect(res.status, `${route.name} as ${role}`).toBe(403);
      expect(res.body.message).toBe(`Your staff role (${role}) does not allow this. Ask an admin of the office if you need it.`);
    }
    // Today: temporary links, releases and the erasure for readers and deciders, decisions for readers.
    expect(refusals.length).toBeGreaterThanOrEqual(16);
    const office = await staff.admin.get<AuditBody>('/staff/api/audit');
    const refusedMembers = [staff.reader.email, staff.decider.email];
    // Their sign-ins are on record (every staff sign-in is); nothing they were refused is.
    expect(office.body.items.filter((i) => refusedMembers.includes(i.staff) && i.action !== 'sign-in')).toEqual([]);
  });

  it("the office-wide audit is an admin's; an application's own records every role's", async () => {
    for (const role of ['reader', 'decider'] as const) {
      const res = await staff[role].get('/staff/api/audit');
      expect(res).toMatchObject({ status: 403, body: { message: expect.stringContaining(`(${role})`) } });
      expect((await staff[role].get(`/staff/api/audit?application=${first}`)).status).toBe(200);
    }
    const office = await staff.admin.get<AuditBody>('/staff/api/audit');
    expect(office.status).toBe(200);
    // Their reads of one application's records are there; no office-wide read of theirs is.
    const theirs = office.body.items.filter((i) => i.action === 'audit' && (i.staff === staff.reader.email || i.staff === staff.decider.email));
    expect(theirs.map((i) => i.detail?.application)).toEqual([first, first]);
  });

  it("a temporary link refused to a decider issues no token: only the admin's request is recorded", async () => {
    const refused = await staff.decider.post('/staff/api/temporary-links', { answer: { first_name: tag }, expires_in_days: 2 });
    expect(refused.status).toBe(403);
    const issued = await staff.admin.post<{ url: string }>('/staff/api/temporary-links', { answer: { first_name: tag }, expires_in_days: 2 });
    expect(issued.status).toBe(200);
    const office = await staff.admin.get<AuditBody>('/staff/api/audit');
    const links = office.body.items.filter((i) => i.action === 'temporary-link' && (i.staff === staff.decider.email || i.staff === staff.admin.email));
    expect(links.map((i) => i.staff)).toEqual([staff.admin.email]);
  });

  it('every role reads, lists and exports', async () => {
    for (const role of STAFF_ROLES) {
      expect((await staff[role].get(`/staff/api/applications?q=${tag}`)).status, role).toBe(200);
      expect((await staff[role].get(`/staff/api/applications/${first}`)).status, role).toBe(200);
      const csv = await fetch(`${baseUrl}/staff/api/export.csv?q=${tag}`, { headers: { cookie: staff[role].cookieHeader }, redirect: 'manual' });
      expect(csv.status, role).toBe(303);
    }
  });

  it('every staff route lets a role it allows past the session, the role and the parsing of its example (the refusals above are for the role alone)', async () => {
    // The examples name no existing application, link or release: a route answers what it answers for those (404, 409), or its page.
    for (const route of staffRoutes(endpoints)) {
      const role = allowedRole(route)!;
      const res = await send(staff[role], exampleRequest(route));
      expect([400, 401, 403], `${route.name} as ${role}: ${JSON.stringify(res.body)}`).not.toContain(res.status);
      expect(res.status, route.name).toBeLessThan(500);
    }
  });
});

describe('a staff member without a role', () => {
  it('signs in (the pool knows them) and is refused everything, the session included: 403 in words, nothing recorded but the sign-in and sign-out', async () => {
    // No group at all, as a user made in the Cognito console or left by an add whose group step failed.
    const nobody = await signedInStaff(baseUrl, undefined, null);
    const refusal = 'You have no staff role yet, so the console shows you nothing. Ask an admin of the office to give you a role.';
    for (const route of staffRoutes(endpoints)) {
      const res = await send(nobody, exampleRequest(route));
      expect(res.status, route.name).toBe(403);
      expect(res.body.message, route.name).toBe(refusal);
    }
    // Signing out still works (the console's one button for them).
    expect((await nobody.get('/staff/api/logout')).status).toBe(200);
    const admin = await signedInStaff(baseUrl, undefined, 'admin');
    const office = await admin.get<AuditBody>('/staff/api/audit');
    expect(office.body.items.filter((i) => i.staff === nobody.email).map((i) => i.action)).toEqual(['sign-out', 'sign-in']);
  });
});

describe('office status', () => {
  const tag = `Ost${randomUUID().slice(0, 6)}`;
  let reader: StaffClient;
  let first: string;
  let second: string;
  const ports = { ...officeStatusStore, readSubmitted };

  beforeAll(async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    first = await submitted(tag);
    second = await submitted(tag);
    reader = await signedInStaff(baseUrl, undefined, 'reader');
  }, 90_000);

  it('a new submission is submitted, with no history', async () => {
    const list = await reader.get<ListBody>(`/staff/api/applications?q=${tag}`);
    expect(list.body.items.map((i) => [i.id, i.office_status])).toEqual([
      [second, 'submitted'],
      [first, 'submitted'],
    ]);
    const detail = await reader.get<{ office_status: string; history: unknown[] }>(`/staff/api/applications/${first}`);
    expect(detail.body).toMatchObject({ office_status: 'submitted', history: [] });
  });

  it("changes show in the list, its status filter, the export's filter and the application's history, in order", async () => {
    await changeOfficeStatus(ports, { id: first, to: 'in_review', staff: 'reader@example.edu', what: 'First review' });
    await changeOfficeStatus(ports, { id: first, to: 'decided', staff: 'decider@example.edu', what: 'Decision: Admit' });
    await expect(changeOfficeStatus(ports, { id: first, to: 'in_review', staff: 'reader@example.edu', what: 'Again' })).rejects.toMatchObject({ status: 409 });

    const list = await reader.get<ListBody>(`/staff/api/applications?q=${tag}`);
    expect(list.body.items.map((i) => [i.id, i.office_status])).toEqual([
      [second, 'submitted'],
      [first, 'decided'],
    ]);
    expect((await reader.get<ListBody>(`/staff/api/applications?q=${tag}&status=decided`)).body.items.map((i) => i.id)).toEqual([first]);
    expect((await reader.get<ListBody>(`/staff/api/applications?q=${tag}&status=submitted`)).body.items.map((i) => i.id)).toEqual([second]);
    expect((await reader.get<ListBody>(`/staff/api/applications?q=${tag}&status=in_review`)).body.items).toEqual([]);
    const bad = await reader.get(`/staff/api/applications?status=accepted`);
    expect(bad).toMatchObject({ status: 400, body: { message: 'The status filter is one of submitted, in_review, decided, released.' } });

    // The export follows its redirect to the file: only the decided application, with its status.
    const exported = await fetch(`${baseUrl}/staff/api/export.json?q=${tag}&status=decided`, { headers: { cookie: reader.cookieHeader } });
    expect(exported.status).toBe(200);
    const rows = (await exported.json()) as Array<Record<string, unknown>>;
    expect(rows.map((r) => [r.id, r.office_status])).toEqual([[first, 'decided']]);

    const detail = await reader.get<{ office_status: string; history: Array<Record<string, string>> }>(`/staff/api/applications/${first}`);
    expect(detail.body.office_status).toBe('decided');
    expect(detail.body.history).toEqual([
      { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), staff: 'reader@example.edu', from: 'submitted', to: 'in_review', what: 'First review' },
      // A reader reads that a decision was recorded, never which (docs/decisions-lifecycle.md).
      { at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), staff: 'decider@example.edu', from: 'in_review', to: 'decided', what: 'Decision recorded' },
    ]);
    expect(String(detail.body.history[0]!.at) <= String(detail.body.history[1]!.at)).toBe(true);
  });

  it('a history entry is never replaced: a second entry with a taken number is refused and the first stays', async () => {
    const [entry] = await officeStatusStore.readHistory(first);
    expect(await officeStatusStore.appendHistory(first, { ...entry!, staff: 'someone@example.edu', what: 'rewritten' })).toBe(false);
    expect((await officeStatusStore.readHistory(first))[0]).toEqual(entry);
  });
});
