/**
 * Entry terms from the institution's yearly list (its configuration's `application.entryTerms`:
 * Fall and Spring, or four quarters, each with the day it starts): the next `offered` terms that
 * have not begun, stored as <year><code> (2027FA) and shown as "<label> <year>" (Fall 2027).
 *
 * The list is computed when asked, for the day it is asked on the institution's clock: a Lambda
 * that has been running since July and a browser opened in August offer the same terms.
 */
import type { AnswerOption, EntryTermsConfig } from './types';

/** The calendar day (YYYY-MM-DD) of `now` in `timeZone`; the local calendar without one. */
function dayOf(now: Date, timeZone?: string): string {
  if (!timeZone) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  }
  return dayFormat(timeZone).format(now);
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

/** The next `rule.offered` terms that begin after the day of `now`, in order. */
export function upcomingTerms(now: Date, rule: EntryTermsConfig, timeZone?: string): AnswerOption[] {
  const today = dayOf(now, timeZone);
  const terms: AnswerOption[] = [];
  if (rule.terms.length === 0) return terms;
  for (let year = Number(today.slice(0, 4)); terms.length < rule.offered; year++) {
    for (const kind of rule.terms) {
      if (terms.length === rule.offered) break;
      if (`${year}-${kind.starts}` > today) terms.push({ value: `${year}${kind.code}`, label: `${kind.label} ${year}` });
    }
  }
  return terms;
}

/**
 * The terms offered on the day of `now` in `timeZone`, the same list object all day (a dropdown
 * rendered twice in a day sees one list; a new day computes the next).
 */
export function termsOfTheDay(rule: EntryTermsConfig, timeZone: string): (now: Date) => readonly AnswerOption[] {
  let cached: { day: string; terms: readonly AnswerOption[] } | undefined;
  return (now) => {
    const day = dayOf(now, timeZone);
    if (cached?.day !== day) cached = { day, terms: upcomingTerms(now, rule, timeZone) };
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
export function termLabelIn(rule: EntryTermsConfig, value: string): string | undefined {
  const year = /^\d{4}/.exec(value)?.[0];
  const kind = year ? rule.terms.find((t) => value === `${year}${t.code}`) : undefined;
  return kind ? `${kind.label} ${year}` : undefined;
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
