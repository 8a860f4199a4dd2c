import { describe, expect, it } from 'vitest';
import type { ReadingConfig } from '#form/types';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { visibleReviews, auditRecordFor } from '../decisions/visibility';
import type { Review } from '../ports/decisions';
import { applicantOf, assignApplication, firstMatch, initialOf, readersAt } from './assignment';
import { blindFor, isBlindRound } from './blind';
import { checkoutApplication, releaseCheckout } from './checkout';
import { disagreement } from './committee';
import { committeeList } from './committee-list';
import { MemoryReading } from './memory.test-support';
import { readQueue } from './queue';
import { noteRead } from './reads';
import { reassign } from './reassign';

const config: ReadingConfig = {
  readsRequired: 2,
  committeeScoreGap: 4,
  assignments: [
    { by: 'major', majors: ['NURS'], readers: ['nurse@x.edu'] },
    { by: 'state', states: ['CA', 'OR'], readers: ['west1@x.edu', 'west2@x.edu'] },
    { by: 'lastName', from: 'A', to: 'F', readers: ['af1@x.edu', 'af2@x.edu', 'af3@x.edu'] },
    { by: 'roundRobin', readers: ['r1@x.edu', 'r2@x.edu', 'r3@x.edu'] },
  ],
};
const at = new Date('2026-12-01T15:00:00Z');
const minutes = (n: number) => new Date(at.getTime() + n * 60_000);
const audited: string[] = [];
const audit = async (record: { action: string; application?: string }) => {
  audited.push(`${record.action}:${record.application ?? ''}`);
};
const review = (reviewer: string, recommendation: Review['recommendation'], total: number): Review => ({
  reviewer,
  recommendation,
  scores: { a: total },
  notes: '',
  created_at: at.toISOString(),
  updated_at: at.toISOString(),
});
const app = (id: string, answers: Record<string, string>, submittedAt = `2026-11-0${id.length}T00:00:00Z`) => ({
  id,
  reference: `REF-${id}`,
  submittedAt,
  answers,
});

describe('assignment rules', () => {
  it('takes the first rule the applicant matches: major, then state, then last-name range, then round-robin', () => {
    expect(firstMatch(config.assignments, applicantOf({ applied_major: 'NURS', state: 'CA', last_name: 'Adams' }))).toBe(0);
    expect(firstMatch(config.assignments, applicantOf({ applied_major: 'BIO', state: 'ca', last_name: 'Adams' }))).toBe(1);
    expect(firstMatch(config.assignments, applicantOf({ applied_major: 'BIO', state: 'TX', last_name: 'Émile' }))).toBe(2);
    expect(firstMatch(config.assignments, applicantOf({ applied_major: 'BIO', state: 'TX', last_name: 'Zola' }))).toBe(3);
    expect(firstMatch(config.assignments.slice(0, 3), applicantOf({ last_name: 'Zola' }))).toBe(-1);
  });

  it('reads a last name by its first letter, accents and punctuation aside', () => {
    expect(initialOf('Ñúñez')).toBe('N');
    expect(initialOf("d'Arcy")).toBe('D');
    expect(initialOf('')).toBeUndefined();
  });

  it('gives as many distinct readers as reads required, in turn, wrapping round; a short list gives all it has', () => {
    expect(readersAt(['a', 'b', 'c'], 0, 2)).toEqual(['a', 'b']);
    expect(readersAt(['a', 'b', 'c'], 2, 2)).toEqual(['c', 'a']);
    expect(readersAt(['a'], 5, 2)).toEqual(['a']);
  });

  it('assigns in turn, puts a pointer in each reader’s queue, and the open pool when readers are short', async () => {
    const store = new MemoryReading();
    const ports = { reading: store };
    for (const [i, id] of ['z1', 'z2', 'z3'].entries()) store.submit(id, `2026-11-0${i + 1}T00:00:00Z`);
    expect(await assignApplication(ports, config, app('z1', { last_name: 'Zola' }, '2026-11-01T00:00:00Z'))).toEqual(['r1@x.edu', 'r2@x.edu']);
    expect(await assignApplication(ports, config, app('z2', { last_name: 'Zola' }, '2026-11-02T00:00:00Z'))).toEqual(['r3@x.edu', 'r1@x.edu']);
    expect(store.ids({ kind: 'assigned', reader: 'r1@x.edu' })).toEqual(['z1', 'z2']);
    expect(store.ids({ kind: 'open' })).toEqual([]);
    // One nursing reader for two reads: the second read is open to anyone.
    expect(await assignApplication(ports, config, app('z3', { applied_major: 'NURS' }, '2026-11-03T00:00:00Z'))).toEqual(['nurse@x.edu']);
    expect(store.ids({ kind: 'open' })).toEqual(['z3']);
  });

  it('repeated (a retried submit), keeps the readers written first and does not advance the turn again', async () => {
    const store = new MemoryReading();
    store.submit('z1', '2026-11-01T00:00:00Z');
    const z1 = app('z1', { last_name: 'Zola' }, '2026-11-01T00:00:00Z');
    await assignApplication({ reading: store }, config, z1);
    const again = await assignApplication({ reading: store }, config, z1);
    expect(again).toEqual(['r1@x.edu', 'r2@x.edu']);
    expect(store.ids({ kind: 'assigned', reader: 'r3@x.edu' })).toEqual([]);
    // Much later, after r1 read it: r1's queue does not get it back.
    store.records.get('z1')!.reviewedBy = ['r1@x.edu'];
    await store.deletePointer({ kind: 'assigned', reader: 'r1@x.edu' }, store.records.get('z1')!);
    await assignApplication({ reading: store }, config, z1);
    expect(store.ids({ kind: 'assigned', reader: 'r1@x.edu' })).toEqual([]);
    expect(store.ids({ kind: 'assigned', reader: 'r2@x.edu' })).toEqual(['z1']);
  });
});

describe('checkout', () => {
  const ports = (store: MemoryReading) => ({ reading: store, audit, timeZone: 'America/Chicago' });

  it('holds the application for 30 minutes; another reader is refused with who and until when; the holder renews', async () => {
    const store = new MemoryReading();
    store.submit('a', '2026-11-01T00:00:00Z');
    const taken = await checkoutApplication(ports(store), 'a', 'ann@x.edu', at);
    expect(taken).toMatchObject({ checkout: { by: 'ann@x.edu', until: minutes(30).toISOString() }, renewed: false });
    await expect(checkoutApplication(ports(store), 'a', 'bob@x.edu', minutes(10))).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('ann@x.edu is reading this application until 9:30 AM CST'),
      extra: { checkout: { by: 'ann@x.edu', until: minutes(30).toISOString() } },
    });
    expect(await checkoutApplication(ports(store), 'a', 'ann@x.edu', minutes(20))).toMatchObject({
      renewed: true,
      checkout: { until: minutes(50).toISOString() },
    });
    expect(await store.countShelf({ kind: 'checkout', reader: 'ann@x.edu' }, minutes(21).toISOString())).toBe(1);
  });

  it('an expired checkout is free for anyone', async () => {
    const store = new MemoryReading();
    store.submit('a', '2026-11-01T00:00:00Z');
    await checkoutApplication(ports(store), 'a', 'ann@x.edu', at);
    expect(await checkoutApplication(ports(store), 'a', 'bob@x.edu', minutes(31))).toMatchObject({ checkout: { by: 'bob@x.edu' }, renewed: false });
    expect(await store.countShelf({ kind: 'checkout', reader: 'ann@x.edu' }, minutes(31).toISOString())).toBe(0);
  });

  it('a release frees it for others; releasing someone else’s is refused; a decided application is not checked out', async () => {
    const store = new MemoryReading();
    store.submit('a', '2026-11-01T00:00:00Z');
    store.submit('d', '2026-11-01T00:00:00Z', { officeStatus: 'decided' });
    await checkoutApplication(ports(store), 'a', 'ann@x.edu', at);
    await expect(releaseCheckout(ports(store), 'a', 'bob@x.edu', minutes(1))).rejects.toMatchObject({ status: 409 });
    expect(await releaseCheckout(ports(store), 'a', 'ann@x.edu', minutes(1))).toMatchObject({ message: expect.stringContaining('Released') });
    expect(await checkoutApplication(ports(store), 'a', 'bob@x.edu', minutes(2))).toMatchObject({ checkout: { by: 'bob@x.edu' } });
    await expect(checkoutApplication(ports(store), 'd', 'ann@x.edu', at)).rejects.toMatchObject({ status: 409 });
    await expect(checkoutApplication(ports(store), 'nope', 'ann@x.edu', at)).rejects.toMatchObject({ status: 404 });
  });
});

describe("the reader's queue", () => {
  it('lists what is assigned to me first, then the open pool, never what someone else holds, with the counts', async () => {
    const store = new MemoryReading();
    const ann = { email: 'ann@x.edu', role: 'reader' as const };
    const decider = { email: 'dee@x.edu', role: 'decider' as const };
    for (const [i, id] of ['mine1', 'mine2', 'open1', 'held', 'done'].entries()) store.submit(id, `2026-11-0${i + 1}T00:00:00Z`);
    for (const id of ['mine1', 'mine2', 'done']) await store.putPointer({ kind: 'assigned', reader: ann.email }, store.records.get(id)!);
    for (const id of ['open1', 'held']) await store.putPointer({ kind: 'open' }, store.records.get(id)!);
    store.records.get('done')!.officeStatus = 'decided';
    await checkoutApplication({ reading: store, audit, timeZone: 'UTC' }, 'held', 'bob@x.edu', at);
    await checkoutApplication({ reading: store, audit, timeZone: 'UTC' }, 'mine2', ann.email, at);

    const queue = await readQueue({ reading: store, audit }, ann, minutes(5));
    expect(queue.items.map((i) => [i.id, i.assigned])).toEqual([
      ['mine1', true],
      ['mine2', true],
      ['open1', false],
    ]);
    expect(queue.items[1]!.checked_out_until).toBe(minutes(30).toISOString());
    // The decided one left the shelf as the queue met it.
    expect(queue.counts).toEqual({ assigned: 2, checked_out: 1, open: 2 });
    expect((await readQueue({ reading: store, audit }, decider, minutes(5))).counts).toMatchObject({ committee: 0 });
    // Bob's checkout ran out: the open one is offered again.
    expect((await readQueue({ reading: store, audit }, ann, minutes(31))).items.map((i) => i.id)).toContain('held');
  });
});

describe('blind reading', () => {
  const timetable = chicagoTimetable([
    { id: 'ea', label: 'Early Action', deadline: '2026-11-01', decisionDate: '2026-12-15', replyBy: '2027-05-01' },
    { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01', blindReading: true },
  ]);
  const reviews = [review('ann@x.edu', 'admit', 12)];

  it("is the round's setting", () => {
    const cycle = timetable.cycles[0]!.id;
    expect(isBlindRound(timetable, { cycle, round: 'rd' })).toBe(true);
    expect(isBlindRound(timetable, { cycle, round: 'ea' })).toBe(false);
    expect(isBlindRound(timetable, undefined)).toBe(false);
  });

  it('keeps the other reviews from a decider until their own is in or the reads required are, never from an admin', () => {
    const dee = { email: 'dee@x.edu', role: 'decider' as const };
    expect(blindFor(dee, true, reviews, 2)).toBe(true);
    expect(visibleReviews(reviews, dee.role, dee.email, blindFor(dee, true, reviews, 2))).toEqual([]);
    expect(blindFor(dee, true, [...reviews, review('dee@x.edu', 'deny', 5)], 2)).toBe(false);
    expect(blindFor(dee, true, [...reviews, review('bob@x.edu', 'deny', 5)], 2)).toBe(false);
    expect(blindFor(dee, false, reviews, 2)).toBe(false);
    expect(blindFor({ email: 'adm@x.edu', role: 'admin' }, true, reviews, 2)).toBe(false);
    // A reader reads their own review alone, blind or not.
    expect(visibleReviews(reviews, 'reader', 'bob@x.edu')).toEqual([]);
  });

  it("keeps another reviewer's recommendation out of the access record a blind decider reads", () => {
    const record = {
      action: 'review' as const,
      staff: 'ann@x.edu',
      ip: '203.0.113.9',
      at: at.toISOString(),
      application: 'a',
      detail: { recommendation: 'admit', change: 'added' },
    };
    expect(auditRecordFor(record, { role: 'decider', email: 'dee@x.edu' }, true).detail).toEqual({ change: 'added' });
    expect(auditRecordFor(record, { role: 'decider', email: 'dee@x.edu' }).detail).toEqual(record.detail);
  });
});

describe('disagreement', () => {
  it('sends two reads to the committee when one admits and one denies, or their totals are more than the gap apart', () => {
    expect(disagreement([review('a', 'admit', 12)], config)).toBeUndefined();
    expect(disagreement([review('a', 'admit', 12), review('b', 'deny', 12)], config)).toBe('recommendations');
    expect(disagreement([review('a', 'admit', 12), review('b', 'waitlist', 7)], config)).toBe('scores');
    expect(disagreement([review('a', 'admit', 12), review('b', 'waitlist', 8)], config)).toBeUndefined();
    expect(disagreement([review('a', 'admit', 12)], { ...config, readsRequired: 1 })).toBeUndefined();
  });

  it('a read takes the application out of the reader’s queue and their checkout; the second, disagreeing, puts it before the committee', async () => {
    const store = new MemoryReading();
    const record = store.submit('a', '2026-11-01T00:00:00Z', { readers: ['ann@x.edu', 'bob@x.edu'] });
    for (const reader of record.readers) await store.putPointer({ kind: 'assigned', reader }, record);
    await checkoutApplication({ reading: store, audit, timeZone: 'UTC' }, 'a', 'ann@x.edu', at);
    const first = [review('ann@x.edu', 'admit', 14)];
    await noteRead(store, config, 'a', 'ann@x.edu', first);
    expect(store.ids({ kind: 'assigned', reader: 'ann@x.edu' })).toEqual([]);
    expect(store.records.get('a')!.checkout).toBeUndefined();
    expect(store.ids({ kind: 'committee' })).toEqual([]);
    await noteRead(store, config, 'a', 'bob@x.edu', [...first, review('bob@x.edu', 'deny', 13)]);
    expect(store.ids({ kind: 'committee' })).toEqual(['a']);
    const reviews = { readReviews: async () => [...first, review('bob@x.edu', 'deny', 13)] };
    const list = await committeeList({ reading: store, reviews, audit }, config);
    expect(list.items).toEqual([
      expect.objectContaining({
        id: 'a',
        disagreement: 'recommendations',
        reads: [
          { reviewer: 'ann@x.edu', recommendation: 'admit', total: 14 },
          { reviewer: 'bob@x.edu', recommendation: 'deny', total: 13 },
        ],
      }),
    ]);
    // Decided since: it leaves the committee's list.
    store.records.get('a')!.officeStatus = 'decided';
    expect((await committeeList({ reading: store, reviews, audit }, config)).items).toEqual([]);
    expect(store.ids({ kind: 'committee' })).toEqual([]);
  });
});

describe('reassignment', () => {
  it('moves the pointers from the old readers to the new ones, skips a reader who has read it, records each; an unknown id refuses all', async () => {
    const store = new MemoryReading();
    const a = store.submit('a', '2026-11-01T00:00:00Z', { readers: ['ann@x.edu'], reviewedBy: ['cat@x.edu'] });
    const b = store.submit('b', '2026-11-02T00:00:00Z', { readers: ['ann@x.edu'] });
    for (const r of [a, b]) {
      await store.putPointer({ kind: 'assigned', reader: 'ann@x.edu' }, r);
      await store.putPointer({ kind: 'open' }, r);
    }
    await expect(reassign({ reading: store, audit }, config, { ids: ['a', 'ghost'], readers: ['bob@x.edu'] })).rejects.toMatchObject({ status: 404 });
    expect(store.records.get('a')!.readers).toEqual(['ann@x.edu']);
    audited.length = 0;
    const done = await reassign({ reading: store, audit }, config, { ids: ['a', 'b'], readers: ['bob@x.edu', 'cat@x.edu'] });
    expect(done).toMatchObject({ count: 2, message: '2 applications assigned to bob@x.edu, cat@x.edu.' });
    expect(audited).toEqual(['assign:a', 'assign:b']);
    expect(store.ids({ kind: 'assigned', reader: 'ann@x.edu' })).toEqual([]);
    expect(store.ids({ kind: 'assigned', reader: 'bob@x.edu' })).toEqual(['a', 'b']);
    expect(store.ids({ kind: 'assigned', reader: 'cat@x.edu' })).toEqual(['b']);
    expect(store.ids({ kind: 'open' })).toEqual([]);
    await reassign({ reading: store, audit }, config, { ids: ['b'], readers: [] });
    expect(store.ids({ kind: 'open' })).toEqual(['b']);
  });
});
