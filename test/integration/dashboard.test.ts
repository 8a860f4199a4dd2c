/**
 * The dashboard on the real local stack, over HTTP (issue 39, item 7): a stack on a timetable of
 * its own (a previous cycle and the current one, with an early and a regular round). A cycle is
 * played through the routes: applicants start and submit, a reader reviews, a decider decides, an
 * admin releases, applicants reply, the office marks transcripts received and erases one
 * application. The dashboard's counts, kept by the writes as they happen, then equal the counts of
 * the staff list filtered the same way (status, complete; decision and reply as the list shows
 * them to an admin), and its started, reviewed, per-reader and yield numbers equal what was done.
 * A reader is refused the dashboard, and an unknown cycle is a 400 in words. Counters spoiled by
 * hand are rebuilt by `npm run dashboard -- recount` to the same numbers.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { raiseDashboardVersion } from '#adapters/store/dashboard-version';
import type { StaffApplicationSummary } from '#form/contract';
import { policies } from '#form/institution-policies';
import type { DashboardReply } from '#form/wire/dashboard';
import type { ApplicationPage } from '#form/wire/responses';
import { main as dashboardCli } from '../../scripts/dashboard';
import { completeApplication } from '../support/answers';
import { registeredApplicant, type ApiClient } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';

let stack: TimetableStack;
let admin: StaffClient;
let decider: StaffClient;
let reader: StaffClient;
/** The dashboard after the cycle was played (the recount must come back to it). */
let played: DashboardReply | undefined;
const scores = Object.fromEntries(policies.reviewRubric.map((c) => [c.key, 4]));

beforeAll(async () => {
  stack = await startStackOnTimetable('dashboard', (clock) => [
    cycleAround(clock, {
      id: 'previous',
      label: 'Last cycle',
      opens: -395,
      entryTerms: clock.terms(-365),
      rounds: [{ id: 'regular', label: 'Regular Round', deadline: -250, decisionDate: -200, replyBy: -180 }],
    }),
    cycleAround(clock, {
      id: 'current',
      label: 'This cycle',
      opens: -30,
      rounds: [
        { id: 'early', label: 'Early Round', deadline: 20, decisionDate: 25, replyBy: 40 },
        { id: 'regular', label: 'Regular Round', deadline: 60, decisionDate: 80, replyBy: 100 },
      ],
    }),
  ]);
  [admin, decider, reader] = await Promise.all([
    signedInStaff(stack.url, undefined, 'admin'),
    signedInStaff(stack.url, undefined, 'decider'),
    signedInStaff(stack.url, undefined, 'reader'),
  ]);
}, 180_000);

afterAll(() => stack?.stop());

async function submitted(firstName: string, round: string): Promise<ApiClient & { username: string }> {
  const a = await registeredApplicant(stack.url);
  expect((await a.put('/api/answer', { ...completeApplication(), first_name: firstName, application_round: round })).status).toBe(200);
  expect((await a.post('/api/submit')).status).toBe(200);
  return a;
}

/** Every application the list gives an admin with these filters, page after page. */
async function listAll(query: string): Promise<StaffApplicationSummary[]> {
  const items: StaffApplicationSummary[] = [];
  let cursor: string | null = null;
  do {
    const res: { status: number; body: ApplicationPage } = await admin.get<ApplicationPage>(
      `/staff/api/applications?cycle=current${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.status).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.cursor;
  } while (cursor);
  return items;
}

const countOf = (list: ReadonlyArray<{ key: string; count: number }>, key: string): number => list.find((c) => c.key === key)?.count ?? -1;

describe('the dashboard', () => {
  it('counts what happened to a cycle, as the list counts it', { timeout: 300_000 }, async () => {
    // Ten applications: seven submitted (five early, two regular), two started only, one submitted and erased later.
    const ada = await submitted('Ada', 'early');
    const bea = await submitted('Bea', 'early');
    const cy = await submitted('Cy', 'early');
    const dee = await submitted('Dee', 'early');
    await submitted('Eve', 'early');
    const fay = await submitted('Fay', 'regular');
    await submitted('Gus', 'regular');
    const gone = await submitted('Hal', 'early');
    for (const name of ['Ivy', 'Jo']) {
      const a = await registeredApplicant(stack.url);
      expect((await a.put('/api/answer', { first_name: name })).status).toBe(200);
      // A second save of the same application is not a second start.
      expect((await a.put('/api/answer', { last_name: 'Started' })).status).toBe(200);
    }

    // Read once before the office's work: the reply it keeps must not outlive the changes below (the counters' change number).
    const before = await admin.get<DashboardReply>('/staff/api/dashboard');
    expect(countOf(before.body.stages, 'submitted')).toBe(8);
    expect(countOf(before.body.stages, 'reviewed')).toBe(0);

    // A reader reviews three (one twice: a revision is not a second review), a decider decides four, an admin releases three.
    for (const a of [ada, bea, cy])
      expect((await reader.post(`/staff/api/applications/${a.subject}/reviews`, { scores, recommendation: 'admit' })).status).toBe(200);
    expect((await reader.post(`/staff/api/applications/${ada.subject}/reviews`, { scores, recommendation: 'deny' })).status).toBe(200);
    for (const [a, decision] of [
      [ada, 'admit'],
      [bea, 'admit'],
      [cy, 'deny'],
      [fay, 'waitlist'],
    ] as const)
      expect((await decider.put(`/staff/api/applications/${a.subject}/decision`, { decision })).status).toBe(200);
    expect((await admin.post('/staff/api/releases', { ids: [ada.subject, bea.subject, cy.subject] })).status).toBe(200);
    expect((await ada.post('/api/decision/reply', { reply: 'accept' })).status).toBe(200);
    expect((await bea.post('/api/decision/reply', { reply: 'decline' })).status).toBe(200);

    // Transcripts received for two (complete), one marked and undone; then an erasure takes one away whole.
    for (const a of [ada, dee, fay])
      expect((await reader.request('PUT', `/staff/api/applications/${a.subject}/materials/transcript`, { status: 'received' })).status).toBe(200);
    expect((await reader.request('PUT', `/staff/api/applications/${fay.subject}/materials/transcript`, { status: 'awaiting' })).status).toBe(200);
    expect((await reader.request('PUT', `/staff/api/applications/${gone.subject}/materials/transcript`, { status: 'received' })).status).toBe(200);
    expect((await reader.post(`/staff/api/applications/${gone.subject}/reviews`, { scores, recommendation: 'admit' })).status).toBe(200);
    expect((await admin.post(`/staff/api/applications/${gone.subject}/erase`, { reason: 'Asked by the applicant in writing' })).status).toBe(200);

    const res = await admin.get<DashboardReply>('/staff/api/dashboard');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const d = res.body;
    played = d;
    expect(d).toMatchObject({ cycle: 'current', cycle_label: 'This cycle', previous_cycle: { id: 'previous', label: 'Last cycle' } });

    // Equal to the list's counts, filtered the same way.
    const all = await listAll('');
    expect(all).toHaveLength(7);
    expect(countOf(d.stages, 'submitted')).toBe(all.length);
    for (const status of ['submitted', 'in_review', 'decided', 'released'])
      expect(countOf(d.statuses, status), status).toBe((await listAll(`&status=${status}`)).length);
    expect(countOf(d.stages, 'complete')).toBe((await listAll('&complete=true')).length);
    expect(countOf(d.stages, 'complete')).toBe(2);
    for (const decision of ['admit', 'deny', 'waitlist', 'defer'])
      expect(countOf(d.decisions, decision), decision).toBe(all.filter((a) => a.decision === decision).length);
    for (const reply of ['accept', 'decline', 'join_waitlist', 'expired'])
      expect(countOf(d.replies, reply), reply).toBe(all.filter((a) => a.reply === reply).length);
    expect(countOf(d.stages, 'decided')).toBe(all.filter((a) => a.decision).length);
    expect(countOf(d.stages, 'released')).toBe(all.filter((a) => a.office_status === 'released').length);

    // What was done: nine started (the erased one's start taken back), three reviewed, one accepted, one declined, two admitted.
    expect(Object.fromEntries(d.stages.map((s) => [s.key, s.count]))).toEqual({
      started: 9,
      submitted: 7,
      complete: 2,
      reviewed: 3,
      decided: 4,
      released: 3,
      accepted: 1,
      declined: 1,
    });
    expect(d.yield).toEqual({ accepted: 1, admitted: 2, percent: 50 });
    // The reader's reviews this week: four new ones (the erased application's too: the work was done), the revision not counted.
    expect(d.readers.rows).toEqual([{ reader: reader.email, reviews: 4 }]);

    // By segment: the early round holds the four left of its five, the regular round two... as submitted.
    const byRound = (round: string) => d.segments.filter((s) => s.round === round).reduce((sum, s) => sum + s.counts.submitted, 0);
    expect(byRound('early')).toBe(5);
    expect(byRound('regular')).toBe(2);
    expect(d.segments.every((s) => s.term_label && s.major_label && s.round_label)).toBe(true);

    // Submissions per day: all today, none in the previous cycle at the same point.
    expect(d.so_far).toEqual({ day: 30, this_cycle: 7, previous_cycle: 0 });
    expect(d.days).toHaveLength(31);
    expect(d.days.at(-1)).toMatchObject({ day: 30, total: 7, previous_total: 0 });

    // One more change right after a read (a transcript: no review, no start): the next read has it, not the reply kept.
    expect((await reader.request('PUT', `/staff/api/applications/${cy.subject}/materials/transcript`, { status: 'received' })).status).toBe(200);
    const after = await admin.get<DashboardReply>('/staff/api/dashboard');
    expect(countOf(after.body.stages, 'complete')).toBe(3);
    expect(countOf(after.body.stages, 'complete')).toBe((await listAll('&complete=true')).length);
    played = after.body;
  });

  it('is for deciders and admins; an unknown cycle is a 400 in words; the previous cycle reads as empty', async () => {
    expect((await reader.get('/staff/api/dashboard')).status).toBe(403);
    expect((await decider.get('/staff/api/dashboard')).status).toBe(200);
    const unknown = await admin.get<{ message: string }>('/staff/api/dashboard?cycle=nope');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('There is no cycle “nope”: the cycles are previous (Last cycle), current (This cycle).');
    const bad = await admin.get<{ message: string }>('/staff/api/dashboard?cycle=a%20b');
    expect(bad.status).toBe(400);
    expect((await admin.get('/staff/api/dashboard?cycle=current&x=1')).status).toBe(400);
    const previous = await admin.get<DashboardReply>('/staff/api/dashboard?cycle=previous');
    expect(previous.status).toBe(200);
    expect(previous.body).toMatchObject({ cycle: 'previous', previous_cycle: null, so_far: { previous_cycle: null } });
    expect(previous.body.stages.every((s) => s.count === 0)).toBe(true);
  });

  it('is rebuilt by the recount after its counters were spoiled', { timeout: 120_000 }, async () => {
    expect(played).toBeDefined();
    const spoil = (sk: string, field: string) =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: 'status',
          Key: { pk: 'dashboard#cycle#current', sk },
          UpdateExpression: 'ADD #f :n',
          ExpressionAttributeNames: { '#f': field },
          ExpressionAttributeValues: { ':n': 5 },
        }),
      );
    await Promise.all([spoil('started', 'started'), spoil('seg#nowhere#x#y', 'submitted'), spoil(`day#${played!.days.at(-1)!.date}`, 'submitted')]);
    // As a counting write leaves them: its ADDs, then the counters' change number (else the dashboard answers from the reply it kept).
    await raiseDashboardVersion();
    expect((await admin.get<DashboardReply>('/staff/api/dashboard')).body.stages[0]).toMatchObject({ key: 'started', count: 14 });
    const env = process.env.DYNAMODB_ENDPOINT;
    process.env.DYNAMODB_ENDPOINT = stack.dynamodbEndpoint;
    try {
      expect(await dashboardCli(['recount'])).toBe(0);
    } finally {
      if (env === undefined) delete process.env.DYNAMODB_ENDPOINT;
      else process.env.DYNAMODB_ENDPOINT = env;
    }
    const rebuilt = (await admin.get<DashboardReply>('/staff/api/dashboard')).body;
    // The same numbers, but for the reviews of the erased application: the recount reads the reviews there are.
    expect(rebuilt).toEqual({ ...played, readers: { ...played!.readers, rows: [{ reader: reader.email, reviews: 3 }] } });
  });
});
