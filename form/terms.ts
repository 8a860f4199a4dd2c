/**
 * Entry terms: the institution's yearly list (its configuration's `application.entryTerms`: Fall
 * and Spring, or four quarters, each with the day it starts) names them, stored as <year><code>
 * (2027FA) and shown as "<label> <year>" (Fall 2027); each cycle of the timetable lists the terms
 * its applicants may enter (`cycles[].entryTerms`, issue 37), which are what the form offers.
 */
import type { AnswerOption, CycleConfig, EntryTermsConfig } from './types';

const NONE: readonly AnswerOption[] = [];
const optionsByCycle = new WeakMap<CycleConfig, readonly AnswerOption[]>();

/**
 * A cycle's entry terms as the form's options, in the file's order, the same list object for the
 * same cycle (a dropdown rendered again sees one list); none without a cycle.
 */
export function cycleTermOptions(cycle: CycleConfig | undefined, rule: EntryTermsConfig): readonly AnswerOption[] {
  if (!cycle) return NONE;
  let options = optionsByCycle.get(cycle);
  if (!options) {
    options = cycle.entryTerms.map((value) => ({ value, label: termLabelIn(rule, value) ?? value }));
    optionsByCycle.set(cycle, options);
  }
  return options;
}

/**
 * The first day (YYYY-MM-DD) of the term a stored code names, on the sample's calendar (its
 * `starts`): Spring <year> begins on January 1 and Fall <year> on August 1 of that year.
 * Undefined for a code this calendar does not know.
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
