/**
 * Checks of the office's decision policies that their shape cannot express, each finding saying
 * where, what is wrong and what to write instead (the shape the configuration's checker reports:
 * `npm run config -- check`, issue 36). Pure: the checker passes the terms in.
 *
 * The reply-by date must come before the terms its offers are for begin. Until admission cycles
 * carry their own terms and dates, one reply-by day serves every term, and the server answers an
 * offer for a term that begins on or before it by the day before the term begins instead
 * (lambdas/domain/releases/reply-by.ts): a finding here says which terms that moves.
 */
import { dayBefore } from './dates';
import { institution } from './institution';
import { dateInWords } from './print';
import { termStartDay } from './terms';

export interface PolicyFinding {
  /** The configuration field, as a path. */
  at: readonly (string | number)[];
  message: string;
  fix: string;
}

export interface TermStart {
  label: string;
  /** YYYY-MM-DD: the term's first day. */
  starts: string;
}

/** A finding for each term that begins on or before `replyBy` (YYYY-MM-DD); none without a reply-by date. */
export function checkReplyBy(replyBy: string | undefined, terms: readonly TermStart[]): PolicyFinding[] {
  if (!replyBy) return [];
  return terms
    .filter((t) => t.starts <= replyBy)
    .map((t) => ({
      at: ['decisions', 'replyBy'],
      message: `${dateInWords(replyBy)} is not before ${t.label} begins (${dateInWords(t.starts)}): an offer for ${t.label} would ask for a reply after its term began.`,
      fix: `Write a reply-by date before ${dateInWords(t.starts)}. Until then offers for ${t.label} are answered by ${dateInWords(dayBefore(t.starts))}, the day before it begins.`,
    }));
}

/** The terms the form offers on the day of `now`, with their first days (those the calendar knows). */
export function offeredTermStarts(now: Date): TermStart[] {
  return institution.entryTermsOn(now).flatMap((t) => {
    const starts = termStartDay(t.value);
    return starts ? [{ label: t.label, starts }] : [];
  });
}
