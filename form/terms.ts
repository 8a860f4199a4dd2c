/**
 * The sample institution's entry terms: the next intakes from today, so the list never offers a
 * term that has begun (a real institution lists its own in institution.ts). Fall starts in
 * August and Spring in January; from August on, the coming Fall is no longer open.
 *
 * The list is computed when asked, for the day it is asked on the institution's clock: a Lambda
 * that has been running since July and a browser opened in August offer the same terms.
 */
import type { AnswerOption } from './types';

/** The calendar year and month (0-11) of `now` in `timeZone`; the local calendar without one. */
function calendarOf(now: Date, timeZone?: string): { year: number; month: number; day: string } {
  if (!timeZone) return { year: now.getFullYear(), month: now.getMonth(), day: now.toDateString() };
  const day = dayFormat(timeZone).format(now); // YYYY-MM-DD
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) - 1, day };
}

const formats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formats.set(timeZone, f);
  }
  return f;
}

export function upcomingTerms(now: Date, count = 3, timeZone?: string): AnswerOption[] {
  const terms: AnswerOption[] = [];
  const today = calendarOf(now, timeZone);
  let year = today.year;
  let fall = today.month < 7;
  if (!fall) year += 1;
  while (terms.length < count) {
    terms.push(fall ? { value: `${year}FA`, label: `Fall ${year}` } : { value: `${year}SP`, label: `Spring ${year}` });
    if (fall) year += 1;
    fall = !fall;
  }
  return terms;
}

/**
 * The terms offered on the day of `now` in `timeZone`, the same list object all day (a dropdown
 * rendered twice in a day sees one list; a new day computes the next).
 */
export function termsOfTheDay(timeZone: string, count = 3): (now: Date) => readonly AnswerOption[] {
  let cached: { day: string; terms: readonly AnswerOption[] } | undefined;
  return (now) => {
    const { day } = calendarOf(now, timeZone);
    if (cached?.day !== day) cached = { day, terms: upcomingTerms(now, count, timeZone) };
    return cached.terms;
  };
}

/**
 * The first day (YYYY-MM-DD) of the term a stored code names, on the sample calendar above:
 * Spring <year> begins on January 1 and Fall <year> on August 1 of that year, the days from which
 * the form stops offering them. Undefined for a code this calendar does not know.
 */
export function termStartDay(value: string): string | undefined {
  const m = /^(\d{4})(FA|SP)$/.exec(value);
  return m ? `${m[1]}-${m[2] === 'FA' ? '08' : '01'}-01` : undefined;
}

/** "Fall 2025" for the stored code 2025FA (a term no longer listed still reads in words). */
export function termLabel(value: string): string | undefined {
  const m = /^(\d{4})(FA|SP)$/.exec(value);
  return m ? `${m[2] === 'FA' ? 'Fall' : 'Spring'} ${m[1]}` : undefined;
}

/**
 * A choice whose options depend on the day: `options` is read when asked (today's list)
 * and `optionsAt` answers for a given instant (the validators' `now`).
 */
export function withOptionsAt<Q extends { readonly options: readonly AnswerOption[] }>(q: Q, optionsAt: (now: Date) => readonly AnswerOption[]): Q {
  const live = { ...q, optionsAt };
  Object.defineProperty(live, 'options', { get: () => optionsAt(new Date()), enumerable: true });
  return live;
}
