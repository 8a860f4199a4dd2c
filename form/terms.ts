/**
 * The sample institution's entry terms: the next intakes from today, so the list never offers a
 * term that has begun (a real institution lists its own in institution.ts). Fall starts in
 * August and Spring in January; from August on, the coming Fall is no longer open.
 */
import type { AnswerOption } from './types';

export function upcomingTerms(now: Date, count = 3): AnswerOption[] {
  const terms: AnswerOption[] = [];
  let year = now.getFullYear();
  let fall = now.getMonth() < 7;
  if (!fall) year += 1;
  while (terms.length < count) {
    terms.push(fall ? { value: `${year}FA`, label: `Fall ${year}` } : { value: `${year}SP`, label: `Spring ${year}` });
    if (fall) year += 1;
    fall = !fall;
  }
  return terms;
}
