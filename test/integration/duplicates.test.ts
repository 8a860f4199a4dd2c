/**
 * Possible duplicates on the real local stack, over HTTP (issue 39, item 5): two applicants of the
 * same cycle with the same last name and date of birth (and address) are flagged to the office at
 * the second submission, never blocked and never told; the list's duplicate filter finds both;
 * "not a duplicate" closes the flag on both sides for good (a repeated submit does not bring it
 * back), recorded in the access record. Bad verdicts, an unflagged pair and the applicant's
 * session are refused with nothing written.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { duplicateItemsOf } from '#adapters/store/duplicates-store';
import { applicantEndpoints } from '#form/wire/applicant-endpoints';
import { DUPLICATE_MESSAGES, type DuplicateMarked, type DuplicatesReply } from '#form/wire/duplicates';
import type { ApplicationDetail, ApplicationPage, AuditPage } from '#form/wire/responses';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { applicantRoutes, exampleRequest } from '../support/route-cases';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

const duplicatesOf = (staff: ApiClient, id: string) => staff.get<DuplicatesReply>(`/staff/api/applications/${id}/duplicates`);
const judge = (who: ApiClient, id: string, other: string, body: unknown) =>
  who.request<Partial<DuplicateMarked> & { message: string }>('PUT', `/staff/api/applications/${id}/duplicates/${other}`, body);

describe('possible duplicates', () => {
  let reader: StaffClient;
  let first: Awaited<ReturnType<typeof registeredApplicant>>;
  let second: Awaited<ReturnType<typeof registeredApplicant>>;
  const lastName = `Dupont${randomUUID().slice(0, 8)}`;
  const references: Record<string, string> = {};

  beforeAll(async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    [reader, first, second] = await Promise.all([signedInStaff(baseUrl, undefined, 'reader'), registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    // A street no other test uses: only these two share the address.
    const street = `${Math.floor(Math.random() * 9000) + 1000} ${lastName} Lane`;
    for (const [applicant, firstName] of [
      [first, 'Jean'],
      [second, 'Jeanne'],
    ] as const) {
      const saved = await applicant.put('/api/answer', { ...completeApplication(), first_name: firstName, last_name: lastName, address_line_1: street });
      expect(saved.status).toBe(200);
      // Never blocked: both submissions go through.
      expect((await applicant.post('/api/submit')).status).toBe(200);
      references[applicant.subject] = (await reader.get<ApplicationDetail>(`/staff/api/applications/${applicant.subject}`)).body.reference;
    }
  }, 120_000);

  it('flags the two to the office with what matched, on both sides, and the list filters them', async () => {
    for (const [mine, other] of [
      [second, first],
      [first, second],
    ] as const) {
      const flags = await duplicatesOf(reader, mine.subject);
      expect(flags.status).toBe(200);
      expect(flags.body.items).toEqual([
        expect.objectContaining({ id: other.subject, reference: references[other.subject], rules: ['name-birth', 'birth-address'], state: 'open' }),
      ]);
    }
    const listed = await reader.get<ApplicationPage>(`/staff/api/applications?q=${lastName}&duplicate=flagged`);
    expect(listed.body.items.map((i) => i.reference).sort()).toEqual(Object.values(references).sort());
  });

  it('never tells the applicant: no applicant route answers anything of the flag', async () => {
    // Every read but the sign-out (which ends the session the rest of this file uses).
    const reads = applicantRoutes(applicantEndpoints).filter((route) => route.method === 'GET' && !route.path.endsWith('/logout'));
    expect(reads.length).toBeGreaterThan(5);
    for (const route of reads) {
      const { path } = exampleRequest(route);
      const res = await second.request<unknown>('GET', path);
      const text = JSON.stringify(res.body ?? '');
      expect(text, path).not.toContain(references[first.subject]!);
      expect(text.toLowerCase(), path).not.toContain('duplicate');
    }
  });

  it('refuses a verdict in words, an unflagged pair, and the applicant, with nothing written', async () => {
    const bad = await judge(reader, second.subject, first.subject, { verdict: 'maybe' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(DUPLICATE_MESSAGES.verdict);
    const stranger = await registeredApplicant(baseUrl);
    expect((await stranger.put('/api/answer', { ...completeApplication(), last_name: `Other${randomUUID().slice(0, 8)}` })).status).toBe(200);
    expect((await stranger.post('/api/submit')).status).toBe(200);
    const unflagged = await judge(reader, second.subject, stranger.subject, { verdict: 'same' });
    expect(unflagged.status).toBe(404);
    expect(unflagged.body.message).toBe(DUPLICATE_MESSAGES.notFlagged);
    expect((await judge(second, second.subject, first.subject, { verdict: 'not' })).status).toBe(401);
    expect((await duplicatesOf(reader, second.subject)).body.items[0]?.state).toBe('open');
  }, 60_000);

  it('"not a duplicate" closes the flag on both sides for good, and the access record says so', async () => {
    const marked = await judge(reader, second.subject, first.subject, { verdict: 'not' });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body.message).toBe(`Marked as not a duplicate of ${references[first.subject]}: the flag will not come back.`);
    expect((await duplicatesOf(reader, first.subject)).body.items).toEqual([expect.objectContaining({ state: 'not', by: reader.email })]);
    expect((await reader.get<ApplicationPage>(`/staff/api/applications?q=${lastName}&duplicate=flagged`)).body.items).toEqual([]);
    // A repeated submit compares again: the verdict stands.
    expect((await second.post('/api/submit')).status).toBe(200);
    expect((await duplicatesOf(reader, second.subject)).body.items[0]?.state).toBe('not');
    const trail = await reader.get<AuditPage>(`/staff/api/audit?application=${second.subject}`);
    expect(trail.body.items.map((r) => r.summary)).toContain(
      `Marked the application ${references[second.subject]} (Jeanne ${lastName}) as not a duplicate of the application ${references[first.subject]}`,
    );
  });

  it("an application's erasure takes its flags from both sides and what it was filed under", async () => {
    expect((await duplicateItemsOf(first.subject)).length).toBeGreaterThan(2);
    const admin = await signedInStaff(baseUrl, undefined, 'admin');
    const erased = await admin.post(`/staff/api/applications/${first.subject}/erase`, { reason: 'Asked by the applicant' });
    expect(erased.status, JSON.stringify(erased.body)).toBe(200);
    expect(await duplicateItemsOf(first.subject)).toEqual([]);
    expect((await duplicatesOf(reader, second.subject)).body.items).toEqual([]);
  }, 60_000);
});
