/**
 * The timetable the tests run on (issue 37). An institution's file names real dates, so the
 * sample's rounds close one day and every journey that submits would fail from then on. Tests
 * run on the chosen file with its `cycles` replaced by a timetable computed from today: a
 * current cycle with one round, open for months (so the round question stays hidden and the
 * journeys submit as before), and a next cycle after it. Tests of the timetable itself start
 * stacks on timetables of their own (a deadline seconds away, several rounds).
 *
 * Dates are days on the institution's clock, the same all day: the file (and the bundled
 * stack's synth, keyed by its contents) changes once a day, not once a run.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseDocument } from 'yaml';
// Relative, not #form/…: vitest.config.ts imports this module before the path aliases apply.
import { loadInstitution } from '../../config/load';
import type { CycleConfig, EntryTermsConfig, RoundConfig } from '../../form/types';

const DAY = 86_400_000;
const REPO = resolve(import.meta.dirname, '../..');

/** YYYY-MM-DD `days` after the calendar day of `now` in `timeZone`. */
export function dayFrom(now: Date, timeZone: string, days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * The stored codes (2027SP) of the first `count` terms of the file's yearly list that begin after
 * the day of `from` in `timeZone`: the entry terms of a test's cycle, which the form offers.
 */
export function termsAhead(from: Date, rule: EntryTermsConfig, timeZone: string, count = 3): string[] {
  const today = dayFrom(from, timeZone, 0);
  const terms: string[] = [];
  for (let year = Number(today.slice(0, 4)); rule.terms.length > 0 && terms.length < count; year++)
    for (const kind of rule.terms) if (terms.length < count && `${year}-${kind.starts}` > today) terms.push(`${year}${kind.code}`);
  return terms;
}

/** What a test's timetable is made of: today on the institution's clock, and the file's terms. */
export interface TimetableClock {
  readonly now: Date;
  readonly timeZone: string;
  /** YYYY-MM-DD `days` after today on the institution's clock. */
  day(days: number): string;
  /** The terms a cycle opening `days` after today offers (termsAhead from then); `terms(0)`: today's. */
  terms(days: number): string[];
}

export function timetableClock(now: Date, timeZone: string, rule: EntryTermsConfig): TimetableClock {
  return {
    now,
    timeZone,
    day: (days) => dayFrom(now, timeZone, days),
    terms: (days) => termsAhead(new Date(now.getTime() + days * DAY), rule, timeZone),
  };
}

/** A round whose days are counted from today (a day as YYYY-MM-DD where a test names one itself). */
export type RoundAround = Omit<RoundConfig, 'deadline' | 'decisionDate' | 'replyBy'> & {
  readonly deadline: number | string;
  readonly decisionDate: number;
  readonly replyBy: number;
};

/**
 * A cycle around today: it opens `opens` days from now (negative: already open), its rounds' days
 * are counted the same way, and it offers today's terms unless it names its own.
 */
export function cycleAround(
  clock: TimetableClock,
  cycle: { id: string; label: string; opens: number; entryTerms?: readonly string[]; rounds: readonly RoundAround[] },
): CycleConfig {
  return {
    id: cycle.id,
    label: cycle.label,
    opens: clock.day(cycle.opens),
    entryTerms: cycle.entryTerms ?? clock.terms(0),
    rounds: cycle.rounds.map((r) => ({
      ...r,
      deadline: typeof r.deadline === 'string' ? r.deadline : clock.day(r.deadline),
      decisionDate: clock.day(r.decisionDate),
      replyBy: clock.day(r.replyBy),
    })),
  };
}

/** A current cycle opened 60 days ago with one round closing in 150 days, and the next one (with the terms of a year later). */
export function testCycles(now: Date, timeZone: string, entryTerms: EntryTermsConfig): CycleConfig[] {
  const clock = timetableClock(now, timeZone, entryTerms);
  return [
    cycleAround(clock, {
      id: 'current',
      label: 'This cycle',
      opens: -60,
      rounds: [{ id: 'rd', label: 'Regular Decision', deadline: 150, decisionDate: 170, replyBy: 200 }],
    }),
    cycleAround(clock, {
      id: 'next',
      label: 'Next cycle',
      opens: 300,
      entryTerms: clock.terms(365),
      rounds: [{ id: 'rd', label: 'Regular Decision', deadline: 500, decisionDate: 520, replyBy: 550 }],
    }),
  ];
}

/**
 * Writes `file` with `cycles` (and any `sections` given) in place of its own (the images named absolutely, since the copy
 * lives elsewhere) to `.test-data/institutions/<name>` and returns its path.
 */
export function withTimetable(
  file: string,
  cycles: (sections: { timeZone: string; entryTerms: EntryTermsConfig }) => CycleConfig[],
  name: string,
  sections: Readonly<Record<string, unknown>> = {},
): string {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  const dir = dirname(file);
  for (const image of ['logo', 'favicon']) doc.setIn(['brand', image], resolve(dir, String(doc.getIn(['brand', image]))));
  const timeZone = String(doc.getIn(['identity', 'timeZone']));
  const entryTerms = (doc.getIn(['application', 'entryTerms']) as { toJSON(): EntryTermsConfig }).toJSON();
  doc.set('cycles', doc.createNode(cycles({ timeZone, entryTerms })));
  // Other sections a test replaces whole (the reading's rules naming its own readers).
  for (const [key, value] of Object.entries(sections)) doc.set(key, doc.createNode(value));
  const out = join(REPO, '.test-data', 'institutions', name);
  mkdirSync(dirname(out), { recursive: true });
  const text = doc.toString();
  // Unchanged contents are not written again: the file's time is what caches key on.
  let old = '';
  try {
    old = readFileSync(out, 'utf8');
  } catch {
    // first run of the day
  }
  if (old !== text) writeFileSync(out, text);
  return out;
}

/**
 * The chosen institution's file on today's test timetable (a file already made here is kept as it
 * is). A file with problems is left as it is, so the harness refuses it by its own name.
 */
export function testInstitutionFile(file: string, now = new Date()): string {
  if (file.startsWith(join(REPO, '.test-data'))) return file;
  try {
    loadInstitution(file);
  } catch {
    return file;
  }
  const name = `${file
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(-80)}.yaml`;
  return withTimetable(file, ({ timeZone, entryTerms }) => testCycles(now, timeZone, entryTerms), name);
}
