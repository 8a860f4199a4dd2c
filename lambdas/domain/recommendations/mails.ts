/**
 * The e-mails of recommendations: the invitation and reminders to the recommender (with the
 * link), and the notices to the applicant (submitted, declined, expired). A notice never carries
 * the letter or the recommender's comments.
 */
import { COMPLETION_PATH } from '#form/contract';
import { languageOr } from '#form/i18n/server-words';
import { applicantWord, institutionMail } from '#form/institution-mail';
import type { MailKind, MailValues } from '#form/mail-words';
import type { OutgoingMail } from '../ports/mail';
import type { RecommendationRecord } from '../ports/recommendations';
import { dayInWords } from './rules';

const applicantName = (r: RecommendationRecord) => `${r.applicant.firstName} ${r.applicant.lastName}`.trim() || 'An applicant';
const what = (r: RecommendationRecord) => (r.role === 'counselor' ? 'a school counselor\u2019s recommendation' : 'a teacher\u2019s recommendation');

/** The waiver in words, as the recommender needs it to write. */
export function waiverInWords(waiver: 'Y' | 'N'): string {
  return waiver === 'Y'
    ? 'The applicant has waived the right to see this letter: it stays confidential to the admissions office.'
    : 'The applicant has NOT waived the right to see this letter: they may ask to read it later.';
}

/**
 * What a recommender's e-mail fills in. The names were typed by the applicant: the invitation
 * refuses any a mail may not carry (form/mail-names.ts), and none of them may go in a subject
 * (form/mail-words.ts), so a recipient sees only the office's words before opening.
 */
function recommenderValues(r: RecommendationRecord): MailValues {
  return {
    recommender_name: `${r.firstName} ${r.lastName}`,
    applicant_name: applicantName(r),
    applicant_and_school: `${applicantName(r)}${r.applicant.school ? ` (${r.applicant.school})` : ''}`,
    recommendation_kind: what(r),
    waiver: waiverInWords(r.waiver),
    link_expires: dayInWords(r.expiresAt),
  };
}

export const invitationMail = (r: RecommendationRecord, link: string): OutgoingMail =>
  institutionMail('recommendationInvitation', r.email, recommenderValues(r), link);

export const reminderMail = (r: RecommendationRecord, link: string): OutgoingMail =>
  institutionMail('recommendationReminder', r.email, recommenderValues(r), link);

type Notice = 'submitted' | 'declined' | 'expired';

const NOTICE_MAIL: Record<Notice, MailKind> = {
  submitted: 'recommendationSubmitted',
  declined: 'recommendationDeclined',
  expired: 'recommendationExpired',
};

/** To the applicant, in their language (issue 41): the state of one recommendation, never its content. */
export function applicantNotice(r: RecommendationRecord, notice: Notice, origin: string): OutgoingMail {
  const language = languageOr(r.applicant.language);
  const values = { first_name: r.applicant.firstName || applicantWord(language), recommender_name: `${r.firstName} ${r.lastName}` };
  return institutionMail(NOTICE_MAIL[notice], r.applicant.email, values, new URL(COMPLETION_PATH, origin).href, language);
}
