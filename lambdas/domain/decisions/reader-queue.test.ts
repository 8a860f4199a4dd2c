import { describe, expect, it } from 'vitest';
import { policies } from '#form/institution-policies';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { recordDecision } from './decide';
import { MemoryOffice } from './memory.test-support';
import { nextToRead, nothingToRead, saveReview } from './reviews';

const rubric = policies.reviewRubric;
const scores = Object.fromEntries(rubric.map((c, i) => [c.key, i + 3]));
const review = { scores, recommendation: 'admit' as const, notes: '' };
const reader = { email: 'reader@example.edu', role: 'reader' as const };
const decider = { email: 'decider@example.edu', role: 'decider' as const };
const timetable = chicagoTimetable([
  { id: 'ea', label: 'Early Action', deadline: '2026-11-01', decisionDate: '2026-12-15', replyBy: '2027-05-01' },
  { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' },
]);
/** In the 2026–27 cycle (2027); the 2027–28 cycle (2028) opens on 2027-08-01. */
const at = new Date('2026-12-01T15:00:00Z');
const nextYear = new Date('2027-09-01T15:00:00Z');

const portsOf = (office: MemoryOffice) => ({ queue: office.queue, audit: office.audit, timetable });

describe("the reader's queue", () => {
  it('offers the oldest application waiting for a decision that the reader has not reviewed, then says in words that none is left', async () => {
    const office = new MemoryOffice('old', 'mid', 'new');
    const ports = portsOf(office);
    await recordDecision(office.decisionPorts, 'old', { decision: 'deny', note: '', reason: '' }, decider, at);
    expect(await nextToRead(ports, reader.email, {}, at)).toEqual({ id: 'mid', reference: 'REF-mid' });
    await saveReview(office.reviewPorts, rubric, 'mid', reader.email, review, at);
    expect(await nextToRead(ports, reader.email, {}, at)).toEqual({ id: 'new', reference: 'REF-new' });
    // Another reader still gets the one in review.
    expect(await nextToRead(ports, decider.email, {}, at)).toEqual({ id: 'mid', reference: 'REF-mid' });
    await saveReview(office.reviewPorts, rubric, 'new', reader.email, review, at);
    await expect(nextToRead(ports, reader.email, {}, at)).rejects.toMatchObject({ status: 404, message: nothingToRead('2026–27') });
    expect(office.audited.filter((a) => a.action === 'queue')).toHaveLength(4);
  });

  it('is per cycle: the current cycle by default, another when chosen; applications from before cycles are the first cycle’s', async () => {
    const office = new MemoryOffice('before-cycles', 'last-year', 'this-year');
    office.cycles.set('last-year', '2027');
    office.cycles.set('this-year', '2028');
    const ports = portsOf(office);
    // In 2026–27 the first cycle is current: its own and the unplaced one, oldest first.
    expect((await nextToRead(ports, reader.email, {}, at)).id).toBe('before-cycles');
    // A year later the default is 2027–28, and 2026–27 is still there when asked for.
    expect((await nextToRead(ports, reader.email, {}, nextYear)).id).toBe('this-year');
    expect((await nextToRead(ports, reader.email, { cycle: '2027' }, nextYear)).id).toBe('before-cycles');
    await saveReview(office.reviewPorts, rubric, 'before-cycles', reader.email, review, nextYear);
    expect((await nextToRead(ports, reader.email, { cycle: '2027' }, nextYear)).id).toBe('last-year');
    await saveReview(office.reviewPorts, rubric, 'this-year', reader.email, review, nextYear);
    await expect(nextToRead(ports, reader.email, { cycle: '2028' }, nextYear)).rejects.toMatchObject({ status: 404, message: nothingToRead('2027–28') });
    expect(office.audited.filter((a) => a.action === 'queue').map((a) => a.detail?.cycle)).toEqual(['2027', '2028', '2027', '2027', '2028']);
  });

  it('refuses a cycle that is not configured, in words, before anything is recorded', async () => {
    const office = new MemoryOffice('one');
    await expect(nextToRead(portsOf(office), reader.email, { cycle: '1999' }, at)).rejects.toMatchObject({
      status: 400,
      message: 'There is no cycle “1999”: the cycles are 2027 (2026–27), 2028 (2027–28).',
    });
    expect(office.audited).toEqual([]);
  });

  it('before any cycle has opened, offers from the first', async () => {
    const office = new MemoryOffice('early');
    office.cycles.set('early', '2027');
    expect((await nextToRead(portsOf(office), reader.email, {}, new Date('2026-01-01T00:00:00Z'))).id).toBe('early');
  });
});
