/**
 * The timetable's rules (issue 37): when a cycle opens, when each round's deadline and late window
 * end on the institution's clock, which rounds still accept an application, and what a submission
 * received at a moment is. Pure: the moment and the time zone are passed in (the server passes its
 * receive time, the banners the browser's clock), so every rule is tested with a clock.
 */
import { addDays, dayStartIn, wallTimeIn } from './calendar';
import type { CycleConfig, RoundConfig } from './types';

/** A round's deadline time of day when the file gives none. */
export const DEFAULT_DEADLINE_TIME = '23:59';

/** The deadline minute's instant: HH:MM:00 on the institution's clock (23:59 by default). */
export function roundDeadline(round: RoundConfig, timeZone: string): Date {
  return wallTimeIn(round.deadline, round.deadlineTime ?? DEFAULT_DEADLINE_TIME, timeZone);
}

/** The last accepted moment: the deadline moved by the late window's calendar days, at the same wall time. */
export function roundLastAccepted(round: RoundConfig, timeZone: string): Date {
  if (!round.lateDays) return roundDeadline(round, timeZone);
  return wallTimeIn(addDays(round.deadline, round.lateDays), round.deadlineTime ?? DEFAULT_DEADLINE_TIME, timeZone);
}

/**
 * Whether what arrives `at` is in time for `limit`, to the second: a request received within the
 * deadline's second is accepted, one a second later is not (the deadline is HH:MM:00, so 23:59:00.999 is in time).
 */
export function accepts(at: Date, limit: Date): boolean {
  return Math.floor(at.getTime() / 1000) <= Math.floor(limit.getTime() / 1000);
}

/** The instant a cycle opens: 00:00 of its opening day on the institution's clock. */
export function cycleOpensAt(cycle: CycleConfig, timeZone: string): Date {
  return dayStartIn(cycle.opens, timeZone);
}

export function cycleById(cycles: readonly CycleConfig[], id: string): CycleConfig | undefined {
  return cycles.find((c) => c.id === id);
}

const isOpen = (cycle: CycleConfig, now: Date, timeZone: string) => cycleOpensAt(cycle, timeZone).getTime() <= now.getTime();

/** The latest cycle opened by `now`; none before the first opens. */
export function currentCycle(cycles: readonly CycleConfig[], now: Date, timeZone: string): CycleConfig | undefined {
  return [...cycles].reverse().find((c) => isOpen(c, now, timeZone));
}

/** The first cycle not yet open at `now`. */
export function nextCycle(cycles: readonly CycleConfig[], now: Date, timeZone: string): CycleConfig | undefined {
  return cycles.find((c) => !isOpen(c, now, timeZone));
}

/**
 * The cycle an application written at `now` belongs to: the current one, or before the first
 * opens, the first (its entry terms are what the form offers).
 */
export function applicationCycle(cycles: readonly CycleConfig[], now: Date, timeZone: string): CycleConfig | undefined {
  return currentCycle(cycles, now, timeZone) ?? nextCycle(cycles, now, timeZone);
}

/** The rounds still accepting applications at `now` (the late window included), in deadline order; none before the cycle opens. */
export function openRounds(cycle: CycleConfig, now: Date, timeZone: string): RoundConfig[] {
  if (!isOpen(cycle, now, timeZone)) return [];
  return cycle.rounds.filter((r) => accepts(now, roundLastAccepted(r, timeZone)));
}

/** Whether every round's last accepted moment has passed: the cycle takes no more applications. */
export function cycleClosed(cycle: CycleConfig, now: Date, timeZone: string): boolean {
  return cycle.rounds.every((r) => !accepts(now, roundLastAccepted(r, timeZone)));
}

/** Inside the late window: after the deadline, still accepted. */
export function isLate(round: RoundConfig, at: Date, timeZone: string): boolean {
  return !accepts(at, roundDeadline(round, timeZone)) && accepts(at, roundLastAccepted(round, timeZone));
}

export type SubmissionVerdict =
  | { ok: true; late: boolean; round: RoundConfig }
  | {
      ok: false;
      reason: 'not-open' | 'unknown-round' | 'closed';
      round?: RoundConfig;
      /** The round's deadline (not its late window's end), for the message. */
      deadline?: Date;
      /** The rounds of the cycle still open, to choose instead. */
      open: RoundConfig[];
    };

/** What a submission in round `roundId` of `cycle`, received at `now`, is: accepted (late or not), or refused and why. */
export function submissionVerdict(cycle: CycleConfig, roundId: string, now: Date, timeZone: string): SubmissionVerdict {
  const open = openRounds(cycle, now, timeZone);
  const round = cycle.rounds.find((r) => r.id === roundId);
  if (!isOpen(cycle, now, timeZone)) return { ok: false, reason: 'not-open', ...(round ? { round } : {}), open };
  if (!round) return { ok: false, reason: 'unknown-round', open };
  if (accepts(now, roundDeadline(round, timeZone))) return { ok: true, late: false, round };
  if (accepts(now, roundLastAccepted(round, timeZone))) return { ok: true, late: true, round };
  return { ok: false, reason: 'closed', round, deadline: roundDeadline(round, timeZone), open };
}

// ------------------------------------------------------------------ in words

/**
 * The words below are English's own (the spec's: "January 15, 2027 at 11:59 pm Central Time"),
 * assembled from Intl's parts; another language (a BCP 47 code: 'es', 'ar') is said as Intl
 * writes it in that language (issue 41: "15 de enero de 2027 a las 23:59 hora central"). The
 * pseudo-locale is English's.
 */
const ENGLISH = 'en';
const inEnglish = (language: string) => language === ENGLISH || language === 'pseudo';

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(language: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.DateTimeFormat(inEnglish(language) ? 'en-US' : language, { timeZone, ...options })));
  return format;
}
function parts(at: Date, timeZone: string, options: Intl.DateTimeFormatOptions, language = ENGLISH): Record<string, string> {
  return Object.fromEntries(
    formatOf(language, timeZone, options)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
}
/** Intl's own words in `language`; a narrow no-break space (some ICU versions, before "p. m.") becomes a plain one. */
const intl = (at: Date, timeZone: string, options: Intl.DateTimeFormatOptions, language: string) =>
  formatOf(language, timeZone, options)
    .format(at)
    .replace(/\u202f/g, ' ');

const DAY: Intl.DateTimeFormatOptions = { month: 'long', day: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

/** "January 15, 2027" (or "January 15" without the year): the day of `at` on the clock of `timeZone`. */
export function dayInWordsIn(at: Date, timeZone: string, withYear = true, language = ENGLISH): string {
  if (!inEnglish(language)) return intl(at, timeZone, withYear ? { ...DAY, year: 'numeric' } : DAY, language);
  const p = parts(at, timeZone, { year: 'numeric', month: 'long', day: 'numeric' });
  return `${p.month} ${p.day}${withYear ? `, ${p.year}` : ''}`;
}

/** "11:59 pm": the time of `at` on the clock of `timeZone`. */
export function clockInWords(at: Date, timeZone: string, language = ENGLISH): string {
  if (!inEnglish(language)) return intl(at, timeZone, CLOCK, language);
  const p = parts(at, timeZone, { hour: 'numeric', minute: '2-digit', hour12: true });
  return `${p.hour}:${p.minute} ${p.dayPeriod?.toLowerCase()}`;
}

/**
 * The zone's name as people say it: "Central Time", "Japan Standard Time" (the generic name where
 * Intl knows one, which Node 20 and current browsers do; "Coordinated Universal Time" rather than an offset).
 */
export function zoneInWords(at: Date, timeZone: string, language = ENGLISH): string {
  if (!inEnglish(language)) {
    // Where the language has no generic name, Intl gives the offset ("GMT+00:00", "غرينتش+00:00"): the long name instead.
    const generic = parts(at, timeZone, { timeZoneName: 'longGeneric' }, language).timeZoneName;
    if (generic && generic !== parts(at, timeZone, { timeZoneName: 'longOffset' }, language).timeZoneName) return generic;
    return parts(at, timeZone, { timeZoneName: 'long' }, language).timeZoneName ?? timeZone;
  }
  const generic = parts(at, timeZone, { timeZoneName: 'longGeneric' }).timeZoneName;
  if (generic && !/^GMT/.test(generic)) return generic;
  return parts(at, timeZone, { timeZoneName: 'long' }).timeZoneName ?? timeZone;
}

/** "November 15 at 11:59 pm" (with the year: "November 15, 2026 at 11:59 pm"): a day and its clock, without the zone. */
export function dayAndClockInWords(at: Date, timeZone: string, withYear: boolean, language = ENGLISH): string {
  if (!inEnglish(language)) return intl(at, timeZone, { ...DAY, ...(withYear ? { year: 'numeric' } : {}), ...CLOCK }, language);
  return `${dayInWordsIn(at, timeZone, withYear)} at ${clockInWords(at, timeZone)}`;
}

/** "6:59 am on January 16": a clock first, then its day (the reader's own time beside the institution's). */
export function clockOnDayInWords(at: Date, timeZone: string, language = ENGLISH): string {
  if (!inEnglish(language)) return dayAndClockInWords(at, timeZone, false, language);
  return `${clockInWords(at, timeZone)} on ${dayInWordsIn(at, timeZone, false)}`;
}

/** "January 15, 2027 at 11:59 pm Central Time": a round's deadline on the institution's clock. */
export function deadlineInWords(round: RoundConfig, timeZone: string): string {
  return instantInWords(roundDeadline(round, timeZone), timeZone);
}

/** "January 15, 2027 at 11:59 pm Central Time": any instant on the clock of `timeZone`, in `language`'s words. */
export function instantInWords(at: Date, timeZone: string, language = ENGLISH): string {
  return `${dayAndClockInWords(at, timeZone, true, language)} ${zoneInWords(at, timeZone, language)}`;
}

/** "August 1, 2026": a calendar day of the timetable (YYYY-MM-DD) as written, whatever the clock. */
export function calendarDayInWords(day: string, language = ENGLISH): string {
  return dayInWordsIn(new Date(`${day}T12:00:00Z`), 'UTC', true, language);
}

/**
 * How the timetable's sentences are said (the deadline banners, the closed application's words):
 * a catalog's message by id with its values (the web's `t`, the server's catalog), the language
 * its dates are said in, and the institution's labels (a round's, a cycle's) in that language
 * (form/institution-text.ts's table; as written where it has none).
 */
export interface Wording {
  say(id: string, values?: Record<string, string | number>): string;
  language: string;
  label(words: string): string;
}
