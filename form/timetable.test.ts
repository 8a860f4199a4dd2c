/**
 * The timetable's rules with a clock passed in: the deadline's second, time zones, a change of
 * clocks on the deadline day and inside a late window, the late window itself, the binding flag,
 * a cycle before it opens and after it closes, and two cycles one after the other.
 */
import { describe, expect, it } from 'vitest';
import { dayStartIn, wallTimeIn } from './calendar';
import {
  accepts,
  cycleById,
  cycleClosed,
  cycleOpensAt,
  currentCycle,
  deadlineInWords,
  instantInWords,
  isLate,
  nextCycle,
  openRounds,
  roundDeadline,
  roundLastAccepted,
  submissionVerdict,
} from './timetable';
import type { CycleConfig, RoundConfig } from './types';

const CHICAGO = 'America/Chicago';
const TOKYO = 'Asia/Tokyo';
const at = (iso: string) => new Date(iso);
const round = (r: Partial<RoundConfig> & Pick<RoundConfig, 'id' | 'deadline'>): RoundConfig => ({
  label: r.id.toUpperCase(),
  decisionDate: '2027-12-31',
  replyBy: '2028-01-31',
  ...r,
});

const ea = round({ id: 'ea', label: 'Early Action', deadline: '2026-11-01', lateDays: 3 });
const ed = round({ id: 'ed', label: 'Early Decision', deadline: '2026-11-15', binding: true });
const rd = round({ id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', lateDays: 7 });
const y2027: CycleConfig = { id: '2027', label: '2026–27', opens: '2026-08-01', entryTerms: ['2027FA', '2028SP'], rounds: [ea, ed, rd] };
const y2028: CycleConfig = {
  id: '2028',
  label: '2027–28',
  opens: '2027-08-01',
  entryTerms: ['2028FA', '2029SP'],
  rounds: [round({ id: 'ea', deadline: '2027-11-01' }), round({ id: 'rd', deadline: '2028-01-15' })],
};
const cycles = [y2027, y2028];

describe("a deadline on the institution's clock", () => {
  it('is 23:59:00 of its day by default, or the time the file gives', () => {
    expect(roundDeadline(rd, CHICAGO)).toEqual(at('2027-01-16T05:59:00Z'));
    expect(roundDeadline({ ...rd, deadlineTime: '17:00' }, CHICAGO)).toEqual(at('2027-01-15T23:00:00Z'));
  });

  it('is the same wall time in another zone, another instant (Chicago, Tokyo, UTC)', () => {
    expect(roundDeadline(rd, TOKYO)).toEqual(at('2027-01-15T14:59:00Z'));
    expect(roundDeadline(rd, 'UTC')).toEqual(at('2027-01-15T23:59:00Z'));
  });

  it('accepts what arrives within the deadline second and refuses what arrives a second later', () => {
    const deadline = roundDeadline(ed, CHICAGO);
    expect(accepts(at('2026-11-16T05:59:00.999Z'), deadline)).toBe(true);
    expect(accepts(at('2026-11-16T05:59:01.000Z'), deadline)).toBe(false);
    expect(submissionVerdict(y2027, 'ed', at('2026-11-16T05:59:00.999Z'), CHICAGO)).toMatchObject({ ok: true, late: false });
    expect(submissionVerdict(y2027, 'ed', at('2026-11-16T05:59:01Z'), CHICAGO)).toMatchObject({ ok: false, reason: 'closed' });
    // In Tokyo the same round closed fifteen hours earlier.
    expect(submissionVerdict(y2027, 'ed', at('2026-11-15T14:59:01Z'), TOKYO)).toMatchObject({ ok: false, reason: 'closed' });
    expect(submissionVerdict(y2027, 'ed', at('2026-11-15T14:59:01Z'), CHICAGO)).toMatchObject({ ok: true });
  });

  it('follows a change of clocks on the deadline day: 23:59 is Central Standard Time after summer time ends, Daylight after it begins', () => {
    // 2026-11-01: clocks go back at 02:00 CDT; 23:59 that night is UTC−6.
    expect(roundDeadline(ea, CHICAGO)).toEqual(at('2026-11-02T05:59:00Z'));
    // 2027-03-14: clocks go forward at 02:00 CST; 23:59 that night is UTC−5.
    expect(roundDeadline(round({ id: 'x', deadline: '2027-03-14' }), CHICAGO)).toEqual(at('2027-03-15T04:59:00Z'));
    // Midnight, the night before each change, is on the old clock.
    expect(dayStartIn('2026-11-01', CHICAGO)).toEqual(at('2026-11-01T05:00:00Z'));
    expect(dayStartIn('2027-03-14', CHICAGO)).toEqual(at('2027-03-14T06:00:00Z'));
  });

  it('reads an hour the clocks repeat as its first occurrence, and one they skip an hour early: never later than its words', () => {
    expect(wallTimeIn('2026-11-01', '01:30', CHICAGO)).toEqual(at('2026-11-01T06:30:00Z'));
    expect(wallTimeIn('2027-03-14', '02:30', CHICAGO)).toEqual(at('2027-03-14T07:30:00Z'));
  });

  it('refuses a time of day that is not HH:MM', () => {
    expect(() => wallTimeIn('2027-01-15', '24:00', CHICAGO)).toThrow('not a time of day (HH:MM): 24:00');
    expect(() => wallTimeIn('2027-02-30', '23:59', CHICAGO)).toThrow('not a date');
  });
});

describe('the late window', () => {
  it('ends its days later at the same wall time, across a change of clocks inside it', () => {
    // Deadline on Daylight Time, the late window's end on Standard Time: 3 calendar days, 73 hours.
    const overTheChange = round({ id: 'x', deadline: '2026-10-30', lateDays: 3 });
    expect(roundDeadline(overTheChange, CHICAGO)).toEqual(at('2026-10-31T04:59:00Z'));
    expect(roundLastAccepted(overTheChange, CHICAGO)).toEqual(at('2026-11-03T05:59:00Z'));
    const intoSummer = round({ id: 'y', deadline: '2027-03-12', lateDays: 3 });
    expect(roundLastAccepted(intoSummer, CHICAGO)).toEqual(at('2027-03-16T04:59:00Z'));
  });

  it('is the deadline itself for a round without one', () => {
    expect(roundLastAccepted(ed, CHICAGO)).toEqual(roundDeadline(ed, CHICAGO));
  });

  it('accepts a submission after the deadline as late, and refuses one after the window', () => {
    // Early Action: November 1, 23:59 CST, late until November 4, 23:59 CST.
    expect(submissionVerdict(y2027, 'ea', at('2026-11-02T05:59:00Z'), CHICAGO)).toEqual({ ok: true, late: false, round: ea });
    expect(submissionVerdict(y2027, 'ea', at('2026-11-02T05:59:01Z'), CHICAGO)).toEqual({ ok: true, late: true, round: ea });
    expect(isLate(ea, at('2026-11-05T05:59:00Z'), CHICAGO)).toBe(true);
    expect(submissionVerdict(y2027, 'ea', at('2026-11-05T05:59:00.500Z'), CHICAGO)).toEqual({ ok: true, late: true, round: ea });
    expect(submissionVerdict(y2027, 'ea', at('2026-11-05T05:59:01Z'), CHICAGO)).toEqual({
      ok: false,
      reason: 'closed',
      round: ea,
      deadline: at('2026-11-02T05:59:00Z'),
      open: [ed, rd],
    });
    expect(isLate(ea, at('2026-11-05T05:59:01Z'), CHICAGO)).toBe(false);
  });
});

describe('rounds and cycles at a moment', () => {
  it('carries the binding flag of an early-decision round in the verdict', () => {
    const verdict = submissionVerdict(y2027, 'ed', at('2026-11-10T12:00:00Z'), CHICAGO);
    expect(verdict.ok && verdict.round.binding).toBe(true);
    const other = submissionVerdict(y2027, 'rd', at('2026-11-10T12:00:00Z'), CHICAGO);
    expect(other.ok && other.round.binding).toBeFalsy();
  });

  it('offers only the rounds still accepting, a late window included', () => {
    const ids = (iso: string) => openRounds(y2027, at(iso), CHICAGO).map((r) => r.id);
    expect(ids('2026-09-01T12:00:00Z')).toEqual(['ea', 'ed', 'rd']);
    expect(ids('2026-11-03T12:00:00Z')).toEqual(['ea', 'ed', 'rd']);
    expect(ids('2026-11-05T12:00:00Z')).toEqual(['ed', 'rd']);
    expect(ids('2026-11-20T12:00:00Z')).toEqual(['rd']);
    expect(ids('2027-01-20T12:00:00Z')).toEqual(['rd']);
    expect(ids('2027-01-23T06:00:00Z')).toEqual([]);
  });

  it('opens nothing before the cycle opens, at midnight of its day on the institution’s clock', () => {
    expect(cycleOpensAt(y2027, CHICAGO)).toEqual(at('2026-08-01T05:00:00Z'));
    expect(openRounds(y2027, at('2026-08-01T04:59:59Z'), CHICAGO)).toEqual([]);
    expect(submissionVerdict(y2027, 'ea', at('2026-08-01T04:59:59Z'), CHICAGO)).toEqual({ ok: false, reason: 'not-open', round: ea, open: [] });
    expect(submissionVerdict(y2027, 'ea', at('2026-08-01T05:00:00Z'), CHICAGO)).toMatchObject({ ok: true, late: false });
  });

  it('refuses a round the cycle does not have, naming the open ones', () => {
    expect(submissionVerdict(y2027, 'spring', at('2026-11-20T12:00:00Z'), CHICAGO)).toEqual({ ok: false, reason: 'unknown-round', open: [rd] });
  });

  it("closes the cycle once its last round's late window has passed", () => {
    // Regular Decision: January 15 + 7 days, 23:59 CST = 2027-01-23T05:59Z.
    expect(cycleClosed(y2027, at('2027-01-23T05:59:00Z'), CHICAGO)).toBe(false);
    expect(cycleClosed(y2027, at('2027-01-23T05:59:01Z'), CHICAGO)).toBe(true);
    expect(submissionVerdict(y2027, 'rd', at('2027-01-23T05:59:01Z'), CHICAGO)).toMatchObject({ ok: false, reason: 'closed', open: [] });
  });

  it('names the current and the next cycle of two', () => {
    const ids = (iso: string) => [currentCycle(cycles, at(iso), CHICAGO)?.id, nextCycle(cycles, at(iso), CHICAGO)?.id];
    expect(ids('2026-07-31T12:00:00Z')).toEqual([undefined, '2027']);
    expect(ids('2026-11-29T12:00:00Z')).toEqual(['2027', '2028']);
    // Between the cycles: the first is still current (closed), the second is next.
    expect(ids('2027-07-31T12:00:00Z')).toEqual(['2027', '2028']);
    expect(ids('2027-08-01T04:59:59Z')).toEqual(['2027', '2028']);
    expect(ids('2027-08-01T05:00:00Z')).toEqual(['2028', undefined]);
    expect(cycleById(cycles, '2028')).toBe(y2028);
    expect(cycleById(cycles, '2030')).toBeUndefined();
  });
});

describe('in words', () => {
  it("says a deadline with its day, time and the institution's zone", () => {
    expect(deadlineInWords(rd, CHICAGO)).toBe('January 15, 2027 at 11:59 pm Central Time');
    expect(deadlineInWords(rd, TOKYO)).toBe('January 15, 2027 at 11:59 pm Japan Standard Time');
    expect(deadlineInWords(rd, 'UTC')).toBe('January 15, 2027 at 11:59 pm Coordinated Universal Time');
    expect(deadlineInWords({ ...rd, deadlineTime: '09:05' }, CHICAGO)).toBe('January 15, 2027 at 9:05 am Central Time');
  });

  it('says the same instant on another clock', () => {
    expect(instantInWords(roundDeadline(rd, CHICAGO), TOKYO)).toBe('January 16, 2027 at 2:59 pm Japan Standard Time');
  });
});
