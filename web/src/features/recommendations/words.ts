import type { RecommendationStatus, RecommenderRole, WaiverAnswer } from '#form/wire/recommendations';
import { translate } from '#web/lib/i18n';

/** Each state as the office reads it (the staff console stays English; the applicant's page reads `recommend.status.…`). */
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

/** The same, as the applicant reads it beside their recommenders, in the active language. */
export function ownWaiverInWords(waiver: WaiverAnswer): string {
  return waiver === '' ? '' : translate(`recommend.ownWaiver.${waiver}`);
}

/** What the applicant must do before the first invitation (the server refuses with the same words), in the active language. */
export const waiverFirstMessage = (): string => translate('recommend.invite.waiverFirst');

/** An invitation still in play: it counts against the role's limit and can be reminded or cancelled. */
export const isActive = (status: RecommendationStatus) => status === 'invited' || status === 'opened';

/** Where the applicant's section is shown: the Final Steps page before submission, the status page after. */
export type SectionPlace = 'form' | 'status';
