/**
 * Reviews and decisions on the real local stack, over HTTP, with three staff members of the
 * three roles: each route refused to the roles it does not allow (403, nothing written), a
 * review that starts the reading and its revision, the reader's queue, a decision staged and
 * changed, a released decision changed by an admin with a reason, the bulk decision's all or
 * nothing, the decision kept from readers in the list, the application and the exports, the
 * audit records in words, the history complete and in order, and nothing for an applicant's
 * session or a service token. (The release itself is the release slice's: here it is made
 * through the same adapters the release will use.)
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readDecision, writeDecision } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { issueToken } from '#adapters/store/tokens-store';
import { changeOfficeStatus } from '#domain/lifecycle/history';
import { policies } from '#form/institution-policies';
import { STAFF_ROLES, type StaffRole } from '#form/wire/roles';
import { setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { ApiClient, registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';

const baseUrl = inject('baseUrl');

type Applicant = Awaited<ReturnType<typeof registeredApplicant>>;
interface Detail {
  office_status: string;
  history: Array<{ staff: string; from: string; to: string; what: string }>;
  reviews?: Array<{ reviewer: string; recommendation: string; scores: Record<string, number>; created_at: string; updated_at: string }>;
  decision?: { decision: string; note?: string; decided_by: string; released_at?: string };
}
interface ListBody {
  items: Array<{ id: string; office_status: string; decision?: string; reply?: string }>;
}
interface AuditBody {
  items: Array<{ staff: string; action: string; summary: string; application?: string; detail?: Record<string, string> }>;
}

const scores = Object.fromEntries(policies.reviewRubric.map((c) => [c.key, 4]));

async function submitted(tag: string): Promise<Applicant> {
  const a = await registeredApplicant(baseUrl);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: tag })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  return a;
}

/** Every record of an application's access record, oldest first. */
async function recordsOf(admin: StaffClient, id: string) {
  return (await admin.get<AuditBody>(`/staff/api/audit?application=${id}`)).body.items.reverse();
}

/** The decision as the release slice records it: the record gains `released`, the status moves to released. */
async function released(id: string, by: string) {
  const record = (await readDecision(id))!;
  expect(
    await writeDecision(
      id,
      { ...record, released: { decision: record.decision, at: new Date().toISOString(), release_id: 'test-release' }, version: record.version + 1 },
      record.version,
    ),
  ).toBe(true);
  await changeOfficeStatus({ ...officeStatusStore, readSubmitted }, { id, to: 'released', staff: by, what: 'Released' });
}

async function exported(staff: StaffClient, tag: string): Promise<Array<Record<string, string>>> {
  const res = await fetch(`${baseUrl}/staff/api/export.json?q=${tag}`, { headers: { cookie: staff.cookieHeader } });
  expect(res.status).toBe(200);
  return (await res.json()) as Array<Record<string, string>>;
}

describe('reviews and decisions', () => {
  const tag = `Dec${randomUUID().slice(0, 6)}`;
  const staff = {} as Record<StaffRole, StaffClient>;
  let first: Applicant;
  let second: Applicant;
  let third: Applicant;

  beforeAll(async () => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
    first = await submitted(tag);
    second = await submitted(tag);
    third = await submitted(tag);
    for (const role of STAFF_ROLES) staff[role] = await signedInStaff(baseUrl, undefined, role);
  }, 120_000);

  it('the review form is the rubric, for every role', async () => {
    for (const role of STAFF_ROLES) {
      const res = await staff[role].get<{ criteria: Array<{ key: string; label: string; help: string }>; recommendations: string[] }>('/staff/api/review-form');
      expect(res.status, role).toBe(200);
      expect(res.body).toEqual({
        criteria: policies.reviewRubric.map(({ key, label, help }) => ({ key, label, help })),
        recommendations: ['admit', 'deny', 'waitlist', 'defer'],
      });
    }
  });

  it('a reader may not decide, alone or in bulk: 403 in words, and nothing written or recorded', async () => {
    const id = first.subject;
    const before = await recordsOf(staff.admin, id);
    const one = await staff.reader.put(`/staff/api/applications/${id}/decision`, { decision: 'admit' });
    expect(one).toMatchObject({ status: 403, body: { message: 'Your staff role (reader) does not allow this. Ask an admin of the office if you need it.' } });
    const bulk = await staff.reader.post('/staff/api/decisions', { ids: [id], decision: 'admit' });
    expect(bulk.status).toBe(403);
    expect(await readDecision(id)).toBeUndefined();
    const after = await recordsOf(staff.admin, id);
    // The admin's own reads of the record are the only new entries.
    expect(after.slice(before.length).filter((r) => r.action !== 'audit')).toEqual([]);
  });

  it('a review checks the rubric (400 naming the criterion) and an unknown application (404), writing nothing', async () => {
    const id = first.subject;
    const { contribution: _left, ...missing } = scores;
    const short = await staff.reader.post(`/staff/api/applications/${id}/reviews`, { scores: missing, recommendation: 'admit' });
    expect(short).toMatchObject({ status: 400, body: { message: expect.stringContaining('Contribution to the campus') } });
    const extra = await staff.reader.post(`/staff/api/applications/${id}/reviews`, { scores: { ...scores, charm: 5 }, recommendation: 'admit' });
    expect(extra).toMatchObject({ status: 400, body: { message: expect.stringContaining('“charm”') } });
    const unknown = await staff.reader.post(`/staff/api/applications/${randomUUID()}/reviews`, { scores, recommendation: 'admit' });
    expect(unknown.status).toBe(404);
    expect((await staff.decider.get<Detail>(`/staff/api/applications/${id}`)).body).toMatchObject({ office_status: 'submitted', reviews: [] });
  });

  it('the first review moves the application to in review; a revision keeps the status; a reader sees only their own review', async () => {
    const id = first.subject;
    const made = await staff.reader.post<{ reviewer: string; created_at: string }>(`/staff/api/applications/${id}/reviews`, {
      scores,
      recommendation: 'admit',
      notes: 'Strong essays.',
    });
    expect(made).toMatchObject({ status: 200, body: { reviewer: staff.reader.email, recommendation: 'admit', notes: 'Strong essays.', scores } });
    const revised = await staff.reader.post<{ created_at: string; updated_at: string; recommendation: string }>(`/staff/api/applications/${id}/reviews`, {
      scores,
      recommendation: 'waitlist',
    });
    expect(revised.body).toMatchObject({ recommendation: 'waitlist', created_at: made.body.created_at });
    expect(await staff.decider.post(`/staff/api/applications/${id}/reviews`, { scores, recommendation: 'deny' })).toMatchObject({ status: 200 });

    const asReader = (await staff.reader.get<Detail>(`/staff/api/applications/${id}`)).body;
    expect(asReader.office_status).toBe('in_review');
    expect(asReader.reviews?.map((r) => [r.reviewer, r.recommendation])).toEqual([[staff.reader.email, 'waitlist']]);
    expect(asReader).not.toHaveProperty('decision');
    const asDecider = (await staff.decider.get<Detail>(`/staff/api/applications/${id}`)).body;
    expect(asDecider.reviews?.map((r) => r.reviewer).sort()).toEqual([staff.reader.email, staff.decider.email].sort());
    expect(asDecider.history.map((h) => [h.from, h.to, h.what, h.staff])).toEqual([['submitted', 'in_review', 'First review', staff.reader.email]]);
  });

  it("the reader's queue offers the oldest application waiting that the reader has not reviewed, never one they reviewed", async () => {
    // Other tests' applications share the stack: the queue is checked against ours without reviewing theirs.
    const submittedAt = async (id: string) => (await staff.admin.get<{ submitted_at: string }>(`/staff/api/applications/${id}`)).body.submitted_at;
    const offered = async (member: StaffClient) => {
      const next = await member.get<{ id: string; reference: string }>('/staff/api/queue/next');
      expect(next.status).toBe(200);
      const detail = (await staff.admin.get<Detail & { reference: string; submitted_at: string }>(`/staff/api/applications/${next.body.id}`)).body;
      expect(['submitted', 'in_review']).toContain(detail.office_status);
      expect(next.body.reference).toBe(detail.reference);
      return { id: next.body.id, submitted_at: detail.submitted_at };
    };
    // A reader with no review: nothing waiting is older than `first` (in review, not theirs).
    const fresh = await offered(await signedInStaff(baseUrl, undefined, 'reader'));
    expect(fresh.submitted_at <= (await submittedAt(first.subject))).toBe(true);
    // The reader and the decider reviewed `first`: never offered it again, and nothing waiting is older than `second` (not reviewed).
    for (const member of [staff.reader, staff.decider]) {
      const next = await offered(member);
      expect(next.id).not.toBe(first.subject);
      expect(next.submitted_at <= (await submittedAt(second.subject))).toBe(true);
    }
    const audited = await staff.admin.get<AuditBody>('/staff/api/audit');
    expect(audited.body.items.find((r) => r.action === 'queue' && r.staff === staff.reader.email)?.summary).toBe('Asked for the next application to read');
  });

  it('a decider stages a decision and changes it before release; the applicant sees nothing of it', async () => {
    const id = first.subject;
    const staged = await staff.decider.put<{ office_status: string; decision: Detail['decision'] }>(`/staff/api/applications/${id}/decision`, {
      decision: 'admit',
      note: 'Top of the pool',
    });
    expect(staged).toMatchObject({
      status: 200,
      body: { office_status: 'decided', decision: { decision: 'admit', note: 'Top of the pool', decided_by: staff.decider.email } },
    });
    const changed = await staff.decider.put(`/staff/api/applications/${id}/decision`, { decision: 'deny' });
    expect(changed.status).toBe(200);
    expect((await staff.admin.get<Detail>(`/staff/api/applications/${id}`)).body.decision).toMatchObject({ decision: 'deny', decided_by: staff.decider.email });
    // The applicant's own routes show nothing of the office's work.
    const profile = await first.get('/api/profile');
    expect(JSON.stringify(profile.body)).not.toMatch(/deny|admit|office_|review/);
    const checklist = await first.get('/api/checklist');
    expect(JSON.stringify(checklist.body)).not.toMatch(/deny|admit|office_|review/);
  });

  it('a released decision: a decider is refused (403), an admin needs a reason (400), then it is staged again with the reason in the history', async () => {
    const id = first.subject;
    await released(id, staff.admin.email);
    const refused = await staff.decider.put(`/staff/api/applications/${id}/decision`, { decision: 'admit', reason: 'Transcript corrected' });
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringContaining('Only an admin') } });
    const noReason = await staff.admin.put(`/staff/api/applications/${id}/decision`, { decision: 'admit' });
    expect(noReason).toMatchObject({ status: 400, body: { message: expect.stringContaining('reason') } });
    expect((await readDecision(id))?.decision).toBe('deny');

    const changed = await staff.admin.put<{ office_status: string; decision: Detail['decision'] }>(`/staff/api/applications/${id}/decision`, {
      decision: 'admit',
      reason: 'Transcript corrected',
    });
    expect(changed.body).toMatchObject({ office_status: 'decided', decision: { decision: 'admit', released_at: expect.any(String) } });
    // The applicant keeps the released decision until a new release.
    expect((await readDecision(id))?.released?.decision).toBe('deny');

    const history = (await staff.admin.get<Detail>(`/staff/api/applications/${id}`)).body.history;
    expect(history.map((h) => `${h.from} → ${h.to}: ${h.what} (${h.staff})`)).toEqual([
      `submitted → in_review: First review (${staff.reader.email})`,
      `in_review → decided: Decision: Admit (${staff.decider.email})`,
      `decided → decided: Decision changed: Admit → Deny (${staff.decider.email})`,
      `decided → released: Released (${staff.admin.email})`,
      `released → decided: Released decision changed: Deny → Admit. Reason: Transcript corrected (${staff.admin.email})`,
    ]);
  });

  it('every write is in the access record, in words, before its effect', async () => {
    const records = (await recordsOf(staff.admin, first.subject)).filter((r) => ['review', 'decision'].includes(r.action));
    expect(records.map((r) => [r.staff, r.action, r.summary.replace(/the application \S+ \([^)]*\)/, 'the application')])).toEqual([
      [staff.reader.email, 'review', 'Reviewed the application (recommends Admit)'],
      [staff.reader.email, 'review', 'Revised their review of the application (recommends Waitlist)'],
      [staff.decider.email, 'review', 'Reviewed the application (recommends Deny)'],
      [staff.decider.email, 'decision', 'Recorded the decision Admit on the application'],
      [staff.decider.email, 'decision', 'Recorded the decision Deny on the application'],
      [staff.admin.email, 'decision', 'Changed the released decision of the application from Deny to Admit (reason: Transcript corrected)'],
    ]);
  });

  it('a bulk decision is all or nothing: an unknown or released id refuses it whole, naming them, with nothing written', async () => {
    const ghost = randomUUID();
    await staff.admin.put(`/staff/api/applications/${third.subject}/decision`, { decision: 'deny' });
    await released(third.subject, staff.admin.email);
    const refused = await staff.decider.post<{ message: string; ids: string[] }>('/staff/api/decisions', {
      ids: [second.subject, ghost, third.subject],
      decision: 'waitlist',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.ids).toEqual([ghost, third.subject]);
    expect(refused.body.message).toMatch(/^Nothing was recorded/);
    expect(await readDecision(second.subject)).toBeUndefined();
    expect((await staff.admin.get<Detail>(`/staff/api/applications/${second.subject}`)).body).toMatchObject({ office_status: 'submitted', history: [] });
    expect((await recordsOf(staff.admin, second.subject)).filter((r) => r.action === 'decision')).toEqual([]);

    const done = await staff.decider.post('/staff/api/decisions', { ids: [second.subject, first.subject], decision: 'waitlist', note: 'Strong pool' });
    expect(done).toMatchObject({ status: 200, body: { decision: 'waitlist', count: 2, ids: [second.subject, first.subject] } });
    expect((await staff.admin.get<Detail>(`/staff/api/applications/${second.subject}`)).body).toMatchObject({
      office_status: 'decided',
      decision: { decision: 'waitlist', note: 'Strong pool' },
    });
    const office = await staff.admin.get<AuditBody>('/staff/api/audit');
    expect(office.body.items.find((r) => r.action === 'decisions' && r.staff === staff.decider.email)).toMatchObject({
      summary: 'Recorded the decision Waitlist on 2 applications at once',
      detail: { ids: `${second.subject} ${first.subject}` },
    });
    expect((await recordsOf(staff.admin, second.subject)).find((r) => r.action === 'decision')?.summary).toMatch(
      /^Recorded the decision Waitlist on the application .* \(one of 2 decided together\)$/,
    );
  });

  it('the list and the exports show the decision to deciders and admins, never to a reader', async () => {
    for (const role of ['decider', 'admin'] as const) {
      const list = await staff[role].get<ListBody>(`/staff/api/applications?q=${tag}`);
      expect(
        list.body.items.find((i) => i.id === second.subject),
        role,
      ).toMatchObject({ office_status: 'decided', decision: 'waitlist' });
      const rows = await exported(staff[role], tag);
      expect(
        rows.find((r) => r.id === third.subject),
        role,
      ).toMatchObject({ office_status: 'released', decision: 'deny', released_at: expect.stringMatching(/^\d{4}-/), reply: '', replied_at: '' });
      expect(
        rows.find((r) => r.id === second.subject),
        role,
      ).toMatchObject({ office_status: 'decided', decision: 'waitlist', released_at: '' });
    }
    const list = await staff.reader.get<ListBody>(`/staff/api/applications?q=${tag}`);
    expect(list.body.items.length).toBe(3);
    for (const item of list.body.items) {
      expect(item).not.toHaveProperty('decision');
      expect(item).not.toHaveProperty('reply');
    }
    const rows = await exported(staff.reader, tag);
    expect(rows.map((r) => [r.office_status, r.decision, r.released_at, r.reply, r.replied_at]).sort()).toEqual([
      ['decided', '', '', '', ''],
      ['decided', '', '', '', ''],
      ['released', '', '', '', ''],
    ]);
    expect((await staff.reader.get<Detail>(`/staff/api/applications/${third.subject}`)).body).not.toHaveProperty('decision');
  });

  it("an applicant's session and a service token get nothing from these routes", async () => {
    const id = second.subject;
    const service = `service_token=${await issueToken({ kind: 'service', sub: id }, 300)}`;
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/staff/api/review-form'],
      ['GET', '/staff/api/queue/next'],
      ['POST', `/staff/api/applications/${id}/reviews`, { scores, recommendation: 'admit' }],
      ['PUT', `/staff/api/applications/${id}/decision`, { decision: 'deny' }],
      ['POST', '/staff/api/decisions', { ids: [id], decision: 'deny' }],
    ];
    for (const [method, path, body] of calls) {
      const asApplicant = await second.request(method, path, body);
      expect(asApplicant.status, `${method} ${path} as the applicant`).toBe(401);
      expect(Object.keys(asApplicant.body as object)).toEqual(['message']);
      const asService = await new ApiClient(baseUrl).request(method, `${path}?${service}`, body);
      expect(asService.status, `${method} ${path} with a service token`).toBe(401);
    }
    expect((await readDecision(id))?.decision).toBe('waitlist');
    expect((await staff.admin.get<Detail>(`/staff/api/applications/${id}`)).body.reviews).toEqual([]);
  });
});
