import { describe, expect, it } from 'vitest';
import { dayIn } from '#form/calendar';
import { cellsOf, countersChange, segmentItem, segmentOf, tally, weekOf, type CountedApplication } from './counters';

const ZONE = 'America/New_York';
const base: CountedApplication = {
  cycle: '2027',
  round: 'ea',
  term: '2027FA',
  termLabel: 'Fall 2027',
  major: 'BIO',
  majorLabel: 'Biology',
  submittedAt: '2026-11-02T03:00:00.000Z',
  complete: false,
  reviewed: false,
  status: 'submitted',
};
const SEG = segmentItem(base);

/** The change of the counters from one state to the next, as {item: {field: n}}. */
function move(before: CountedApplication | undefined, after: CountedApplication | undefined): Record<string, Record<string, number>> {
  return Object.fromEntries(countersChange(cellsOf(before, ZONE), cellsOf(after, ZONE)).map((c) => [`${c.cycle} ${c.item}`, c.add]));
}

describe('the dashboard counters of an application', () => {
  it('a submission counts in its segment at submitted, in its status, and on its day on the institution’s clock', () => {
    expect(move(undefined, base)).toEqual({
      [`2027 ${SEG}`]: { submitted: 1, status_submitted: 1 },
      // 03:00 UTC on 2 November is still 1 November in New York.
      '2027 day#2026-11-01': { submitted: 1 },
    });
  });

  it('every move of the lifecycle moves its counts and no other', () => {
    const reviewed = { ...base, reviewed: true, status: 'in_review' as const };
    expect(move(base, reviewed)).toEqual({ [`2027 ${SEG}`]: { reviewed: 1, status_submitted: -1, status_in_review: 1 } });
    const decided = { ...reviewed, status: 'decided' as const, decision: 'admit' as const };
    expect(move(reviewed, decided)).toEqual({ [`2027 ${SEG}`]: { decided: 1, decision_admit: 1, status_in_review: -1, status_decided: 1 } });
    // Decided without a review (submitted → decided).
    expect(move(base, { ...base, status: 'decided', decision: 'deny' })).toEqual({
      [`2027 ${SEG}`]: { decided: 1, decision_deny: 1, status_submitted: -1, status_decided: 1 },
    });
    const changed = { ...decided, decision: 'waitlist' as const };
    expect(move(decided, changed)).toEqual({ [`2027 ${SEG}`]: { decision_admit: -1, decision_waitlist: 1 } });
    const released = { ...decided, status: 'released' as const };
    expect(move(decided, released)).toEqual({ [`2027 ${SEG}`]: { released: 1, admitted: 1, status_decided: -1, status_released: 1 } });
    expect(move(released, { ...released, reply: 'accept' })).toEqual({ [`2027 ${SEG}`]: { accepted: 1, reply_accept: 1 } });
    expect(move(released, { ...released, reply: 'decline' })).toEqual({ [`2027 ${SEG}`]: { declined: 1, reply_decline: 1 } });
    expect(move(released, { ...released, reply: 'expired' })).toEqual({ [`2027 ${SEG}`]: { declined: 1, reply_expired: 1 } });
    const waitlisted = { ...released, decision: 'waitlist' as const };
    expect(move(waitlisted, { ...waitlisted, reply: 'join_waitlist' })).toEqual({ [`2027 ${SEG}`]: { reply_join_waitlist: 1 } });
    // An admin changes a released Admit to Deny: back to decided, no longer admitted.
    expect(move(released, { ...released, status: 'decided', decision: 'deny' })).toEqual({
      [`2027 ${SEG}`]: { released: -1, admitted: -1, status_released: -1, status_decided: 1, decision_admit: -1, decision_deny: 1 },
    });
  });

  it('a deferral moves the application to the regular round’s segment whole', () => {
    const deferred = { ...base, reviewed: true, status: 'released' as const, decision: 'defer' as const };
    const moved = { ...deferred, round: 'rd', status: 'in_review' as const };
    const RD = segmentItem(moved);
    expect(move(deferred, moved)).toEqual({
      [`2027 ${SEG}`]: { submitted: -1, reviewed: -1, decided: -1, decision_defer: -1, released: -1, status_released: -1 },
      [`2027 ${RD}`]: { submitted: 1, reviewed: 1, decided: 1, decision_defer: 1, status_in_review: 1 },
    });
  });

  it('materials: complete counts while every required item is received or waived', () => {
    expect(move(base, { ...base, complete: true })).toEqual({ [`2027 ${SEG}`]: { complete: 1 } });
    expect(move({ ...base, complete: true }, base)).toEqual({ [`2027 ${SEG}`]: { complete: -1 } });
  });

  it('erasure takes back every count of the application, its day too', () => {
    const full = { ...base, complete: true, reviewed: true, status: 'released' as const, decision: 'admit' as const, reply: 'accept' as const };
    expect(move(full, undefined)).toEqual({
      [`2027 ${SEG}`]: {
        submitted: -1,
        complete: -1,
        reviewed: -1,
        decided: -1,
        decision_admit: -1,
        released: -1,
        admitted: -1,
        status_released: -1,
        reply_accept: -1,
        accepted: -1,
      },
      '2027 day#2026-11-01': { submitted: -1 },
    });
  });

  it('a change that moves no count changes nothing (a hold, a repeated write)', () => {
    expect(move(base, { ...base })).toEqual({});
    expect(move(undefined, undefined)).toEqual({});
  });

  it('keeps ids holding the separator as one part of the segment', () => {
    const odd = { round: 'a#b', term: 'x/y', major: '' };
    expect(segmentOf(segmentItem(odd))).toEqual(odd);
    expect(segmentOf('day#2026-11-01')).toBeUndefined();
  });

  it('names days and weeks on the institution’s clock (weeks from Monday)', () => {
    expect(dayIn(new Date('2026-11-30T02:00:00.000Z'), 'America/Los_Angeles')).toBe('2026-11-29');
    expect(weekOf('2026-11-29')).toBe('2026-11-23');
    expect(weekOf('2026-11-30')).toBe('2026-11-30');
  });

  it('a recount sums every application’s cells by counter item', () => {
    const other = { ...base, complete: true };
    const sums = tally([cellsOf(base, ZONE), cellsOf(other, ZONE), cellsOf(undefined, ZONE)]);
    expect(Object.fromEntries(sums.map((c) => [`${c.cycle} ${c.item}`, c.add]))).toEqual({
      [`2027 ${SEG}`]: { submitted: 2, status_submitted: 2, complete: 1 },
      '2027 day#2026-11-01': { submitted: 2 },
    });
  });
});
