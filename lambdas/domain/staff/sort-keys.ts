/**
 * The sort keys of the list's name and score orders (ports/submissions.ts, NAME_INDEX and
 * SCORE_INDEX): pure, so the rule that a score never tells a blind reader anything is tested here.
 */
import type { Review } from '../ports/decisions';
import { UNSCORED_PREFIX, type Answers } from '../ports/submissions';

/** Lower case without accents, and without `#` (the key's separator), so Émile sorts with Emile. */
const folded = (value: string | undefined): string => (value ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/#/g, '').trim();

/** `last#first#id`: the list by last name, then first name; the id keeps each key unique. */
export function nameSortKey(answers: Answers, id: string): string {
  return `${folded(answers.last_name)}#${folded(answers.first_name)}#${id}`;
}

/** The average of every score of every review (each criterion counts once per review). */
export function averageScore(reviews: readonly Pick<Review, 'scores'>[]): number | undefined {
  const scores = reviews.flatMap((r) => Object.values(r.scores));
  if (!scores.length) return undefined;
  return scores.reduce((sum, s) => sum + s, 0) / scores.length;
}

/**
 * The score's key after a review is saved. The score shows (and orders the list) only once every
 * decider may see the reviews: outside a blind round at once, in a blind round once the reads
 * required are in (reading/blind.ts, `blindFor`: before that a decider who has not reviewed sees
 * none). Until then the key is `-#id`, which sorts below every score, so the order tells nobody
 * anything about a blind application's reviews.
 */
export function scoreSortKey(reviews: readonly Pick<Review, 'scores'>[], id: string, visible: { blind: boolean; readsRequired: number }): string {
  const average = averageScore(reviews);
  if (average === undefined || (visible.blind && reviews.length < visible.readsRequired)) return `${UNSCORED_PREFIX}${id}`;
  // Scores are 1 to 5: two decimals, zero-padded to a fixed width, sort as text in numeric order.
  return `${average.toFixed(2).padStart(6, '0')}#${id}`;
}

/** The average a key holds (one decimal, as the list shows it), or undefined while it is withheld. */
export function scoreOfKey(key: unknown): number | undefined {
  if (typeof key !== 'string' || key.startsWith(UNSCORED_PREFIX)) return undefined;
  const value = Number(key.slice(0, key.indexOf('#')));
  return Number.isFinite(value) ? Math.round(value * 10) / 10 : undefined;
}
