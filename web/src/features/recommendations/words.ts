import type { RecommendationStatus, RecommenderRole, WaiverAnswer } from '#form/wire/recommendations';

/** Each state as the applicant and the office read it. */
export const STATUS_WORDS: Record<RecommendationStatus, string> = {
  invited: 'Invited',
  opened: 'Opened',
  submitted: 'Submitted',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

export const ROLE_WORDS: Record<RecommenderRole, string> = { counselor: 'Counselor', teacher: 'Teacher' };

/** The applicant's waiver, as the recommender and the office are told it. */
export function waiverInWords(waiver: WaiverAnswer): string {
  if (waiver === 'Y') return 'The applicant has waived the right to read this letter: it stays confidential.';
  if (waiver === 'N') return 'The applicant has not waived the right to read this letter: they may ask to see it later.';
  return 'The applicant has not said whether they waive the right to read this letter.';
}

/** The same, as the applicant reads it beside their recommenders. */
export function ownWaiverInWords(waiver: WaiverAnswer): string {
  if (waiver === 'Y') return 'You waived your right to read your letters of recommendation; your recommenders are told so.';
  if (waiver === 'N') return 'You did not waive your right to read your letters of recommendation; your recommenders are told so.';
  return '';
}

/** What the applicant must do before the first invitation (the server refuses with the same words). */
export const WAIVER_FIRST_MESSAGE = 'Answer the question about your right to see letters of recommendation before inviting a recommender.';

/** An invitation still in play: it counts against the role's limit and can be reminded or cancelled. */
export const isActive = (status: RecommendationStatus) => status === 'invited' || status === 'opened';

/** Where the applicant's section is shown: the Final Steps page before submission, the status page after. */
export type SectionPlace = 'form' | 'status';
