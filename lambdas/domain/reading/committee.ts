/**
 * Disagreement routing (issue 39, item 1): once the reads required are in, two reads that
 * disagree (one recommends admit and another deny, or their total scores are more than the
 * configured gap apart) send the application to the committee queue deciders work through.
 */
import type { ReadingConfig } from '#form/types';
import type { Review } from '../ports/decisions';

export const totalScore = (review: Pick<Review, 'scores'>): number => Object.values(review.scores).reduce((sum, n) => sum + n, 0);

export type Disagreement = 'recommendations' | 'scores';

/** Why the reads disagree, or undefined (too few reads yet, or they agree). */
export function disagreement(
  reviews: readonly Pick<Review, 'scores' | 'recommendation'>[],
  config: Pick<ReadingConfig, 'readsRequired' | 'committeeScoreGap'>,
): Disagreement | undefined {
  if (reviews.length < 2 || reviews.length < config.readsRequired) return undefined;
  const says = new Set(reviews.map((r) => r.recommendation));
  if (says.has('admit') && says.has('deny')) return 'recommendations';
  const totals = reviews.map(totalScore);
  return Math.max(...totals) - Math.min(...totals) > config.committeeScoreGap ? 'scores' : undefined;
}
