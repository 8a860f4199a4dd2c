/**
 * Reading assignments, checkout, blind reading and the committee (issue 39, item 1), on the real
 * local stack over HTTP: a stack of its own (so the queues hold only this test's applications) on
 * a timetable whose one round is read blind, with the reading's rules naming this test's readers
 * (round-robin over Ann and Bob, two reads each). Two readers are never offered the application
 * the other holds; before their own review a reader's and a decider's answers hold nothing of the
 * other review (its notes, scores or recommendation); two reads that disagree reach the committee;
 * an admin reassigns; the other roles are refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policies } from '#form/institution-policies';
import { DECISIONS, DECISION_LABELS } from '#form/wire/decision-words';
import type { CheckoutReply, CommitteeList, ReadingQueue } from '#form/wire/reading';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { signedInStaff, type StaffClient } from '../support/staff';
import { cycleAround } from '../support/test-timetable';
import { startStackOnTimetable, type TimetableStack } from '../support/timetable-stack';

const ANN = 'ann.reader@example.edu';
const BOB = 'bob.reader@example.edu';
const CAT = 'cat.reader@example.edu';

/** A decision's value or label as a word ("deny", "Admit"), in any case. */
const DECISION_WORD = new RegExp(`\\b(${[...DECISIONS, ...Object.values(DECISION_LABELS)].join('|')})\\b`, 'i');
const high = Object.fromEntries(policies.reviewRubric.map((c) => [c.key, 5]));
const low = Object.fromEntries(policies.reviewRubric.map((c) => [c.key, 1]));

let stack: TimetableStack;
let ann: StaffClient;
let bob: StaffClient;
let cat: StaffClient;
let dee: StaffClient;
let admin: StaffClient;
/** Submitted in this order: the queue is oldest first. */
const ids = { first: '', second: '' };
const annNotes = `AnnNotes${randomUUID()}`;

async function submitted(lastName: string): Promise<string> {
  const a = await registeredApplicant(stack.url);
  const saved = await a.put('/api/answer', { ...completeApplication(), last_name: lastName });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const done = await a.post('/api/submit');
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return a.subject;
}

const queueOf = async (client: StaffClient): Promise<ReadingQueue> => {
  const res = await client.get<ReadingQueue>('/staff/api/queue');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

/** Every answer a staff member reads of an application: the page and its access record. */
async function whatTheySee(client: StaffClient, id: string): Promise<string> {
  const page = await client.get(`/staff/api/applications/${id}`);
  const audit = await client.get(`/staff/api/audit?application=${id}`);
  const queue = await client.get('/staff/api/queue');
  expect([page.status, audit.status, queue.status]).toEqual([200, 200, 200]);
  return JSON.stringify([page.body, audit.body, queue.body]);
}

beforeAll(async () => {
  stack = await startStackOnTimetable(
    'reading',
    (clock) => [
      cycleAround(clock, {
        id: 'current',
        label: 'This cycle',
        opens: -60,
        rounds: [{ id: 'rd', label: 'Regular Decision', deadline: 150, decisionDate: 170, replyBy: 200, blindReading: true }],
      }),
    ],
    { sections: { reading: { readsRequired: 2, committeeScoreGap: 3, assignments: [{ by: 'roundRobin', readers: [ANN, BOB] }] } } },
  );
  ids.first = await submitted('Zola');
  ids.second = await submitted('Young');
  [ann, bob, cat, dee, admin] = await Promise.all([
    signedInStaff(stack.url, ANN, 'reader'),
    signedInStaff(stack.url, BOB, 'reader'),
    signedInStaff(stack.url, CAT, 'reader'),
    signedInStaff(stack.url, undefined, 'decider'),
    signedInStaff(stack.url, undefined, 'admin'),
  ]);
}, 240_000);

afterAll(() => stack?.stop());

describe('reading assignments and checkout', () => {
  it("assigns each submission to the rule's readers: both in each reader's queue, assigned, oldest first, with the counts", async () => {
    const queue = await queueOf(ann);
    expect(queue.items.map((i) => [i.id, i.assigned])).toEqual([
      [ids.first, true],
      [ids.second, true],
    ]);
    expect(queue.counts).toEqual({ assigned: 2, checked_out: 0, open: 0 });
    expect((await queueOf(cat)).items).toEqual([]);
    // A decider's counts carry the committee's.
    expect((await queueOf(dee)).counts).toMatchObject({ committee: 0 });
  });

  it('never offers an application another reader holds, and refuses their checkout with who and until when', async () => {
    const taken = await ann.put<CheckoutReply>(`/staff/api/applications/${ids.first}/checkout`);
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(taken.body.checkout.by).toBe(ANN);
    expect((await queueOf(ann)).counts.checked_out).toBe(1);

    expect((await queueOf(bob)).items.map((i) => i.id)).toEqual([ids.second]);
    const next = await bob.get<{ id: string }>('/staff/api/queue/next');
    expect(next.body.id).toBe(ids.second);
    const refused = await bob.put<{ message: string; checkout: { by: string; until: string } }>(`/staff/api/applications/${ids.first}/checkout`);
    expect(refused.status).toBe(409);
    expect(refused.body.checkout).toEqual(taken.body.checkout);
    expect(refused.body.message).toContain(ANN);

    // Ann renews hers; a release offers it to Bob again; she takes it back.
    expect((await ann.put<CheckoutReply>(`/staff/api/applications/${ids.first}/checkout`)).body.renewed).toBe(true);
    expect((await ann.delete(`/staff/api/applications/${ids.first}/checkout`)).status).toBe(200);
    expect((await queueOf(bob)).items.map((i) => i.id)).toEqual([ids.first, ids.second]);
    expect((await ann.put(`/staff/api/applications/${ids.first}/checkout`)).status).toBe(200);
  });

  it('two readers taking the same application at once: exactly one holds it', async () => {
    const both = await Promise.all([bob, cat].map((c) => c.put(`/staff/api/applications/${ids.second}/checkout`)));
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const holder = both[0]!.status === 200 ? bob : cat;
    expect((await holder.delete(`/staff/api/applications/${ids.second}/checkout`)).status).toBe(200);
  });
});

describe('blind reading and the committee', () => {
  it("before their own review, a reader's and a decider's answers hold nothing of the other review", async () => {
    const reviewed = await ann.post(`/staff/api/applications/${ids.first}/reviews`, { scores: high, recommendation: 'admit', notes: annNotes });
    expect(reviewed.status, JSON.stringify(reviewed.body)).toBe(200);
    // Her read took it out of her queue and ended her checkout.
    expect((await queueOf(ann)).items.map((i) => i.id)).toEqual([ids.second]);
    expect((await queueOf(ann)).counts.checked_out).toBe(0);

    for (const viewer of [bob, dee]) {
      const seen = await whatTheySee(viewer, ids.first);
      expect(seen).not.toContain(annNotes);
      expect(seen).not.toMatch(/"scores"/);
      expect(seen).not.toMatch(DECISION_WORD);
    }
    // The admin is never blind.
    expect(await whatTheySee(admin, ids.first)).toContain(annNotes);
  });

  it('the second read disagreeing sends the application to the committee, where deciders see both reads', async () => {
    const second = await bob.post(`/staff/api/applications/${ids.first}/reviews`, { scores: low, recommendation: 'deny', notes: '' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const committee = await dee.get<CommitteeList>('/staff/api/committee');
    expect(committee.status).toBe(200);
    expect(committee.body.items).toEqual([
      expect.objectContaining({
        id: ids.first,
        disagreement: 'recommendations',
        reads: expect.arrayContaining([
          expect.objectContaining({ reviewer: ANN, recommendation: 'admit' }),
          expect.objectContaining({ reviewer: BOB, recommendation: 'deny' }),
        ]),
      }),
    ]);
    expect((await queueOf(dee)).counts.committee).toBe(1);
    // The reads are in: the decider reads both now.
    expect(await whatTheySee(dee, ids.first)).toContain(annNotes);
    // Bob, a reader, still reads his own alone.
    expect(await whatTheySee(bob, ids.first)).not.toContain(annNotes);
  });

  it('refuses the committee to readers and the reassignment to all but admins, changing nothing', async () => {
    expect((await bob.get('/staff/api/committee')).status).toBe(403);
    for (const client of [bob, dee]) expect((await client.post('/staff/api/assignments', { ids: [ids.second], readers: [CAT] })).status).toBe(403);
    expect((await queueOf(cat)).items).toEqual([]);
  });
});

describe('reassignment', () => {
  it("an admin moves applications to other readers: out of the old readers' queues, into the new one's, recorded", async () => {
    const bad = await admin.post('/staff/api/assignments', { ids: [ids.second], readers: ['not an address'] });
    expect(bad.status).toBe(400);
    const res = await admin.post<{ count: number; message: string }>('/staff/api/assignments', { ids: [ids.second], readers: [CAT] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.count).toBe(1);
    expect((await queueOf(cat)).items.map((i) => [i.id, i.assigned])).toEqual([[ids.second, true]]);
    // One reader for two reads: the second read is open to any reader.
    expect((await queueOf(ann)).items.map((i) => [i.id, i.assigned])).toEqual([[ids.second, false]]);
    const audit = await admin.get<{ items: { summary: string }[] }>(`/staff/api/audit?application=${ids.second}`);
    expect(audit.body.items.map((i) => i.summary)).toContainEqual(expect.stringContaining(`to ${CAT}`));
  });
});
