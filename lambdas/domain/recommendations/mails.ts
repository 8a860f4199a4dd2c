/**
 * The e-mails of recommendations: the invitation and reminders to the recommender (with the
 * link), and the notices to the applicant (submitted, declined, expired). A notice never carries
 * the letter or the recommender's comments.
 */
import { COMPLETION_PATH } from '#form/contract';
import { institution } from '#form/institution';
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

function recommenderText(r: RecommendationRecord, link: string, opening: string): string {
  return [
    `Dear ${r.firstName} ${r.lastName},`,
    '',
    opening,
    '',
    `${applicantName(r)}${r.applicant.school ? ` (${r.applicant.school})` : ''} is applying to ${institution.name} and asks you for ${what(r)}.`,
    '',
    waiverInWords(r.waiver),
    '',
    `Upload your letter (PDF, Word, PNG or JPEG, up to 1 MB) or decline at this link, which works until ${dayInWords(r.expiresAt)}:`,
    link,
    '',
    'No account is needed. Please do not forward this e-mail: the link is yours alone.',
    '',
    `${institution.name} Office of Admissions (${institution.helpEmail})`,
  ].join('\n');
}

// The subjects carry nothing the applicant typed: what a recipient sees before opening comes from the institution alone.
export function invitationMail(r: RecommendationRecord, link: string): OutgoingMail {
  return {
    to: r.email,
    subject: `${institution.name}: a request for a letter of recommendation`,
    text: recommenderText(r, link, `${applicantName(r)} has asked you to write a recommendation.`),
    link,
  };
}

export function reminderMail(r: RecommendationRecord, link: string): OutgoingMail {
  return {
    to: r.email,
    subject: `${institution.name}: a reminder about a letter of recommendation`,
    text: recommenderText(r, link, `A reminder: ${applicantName(r)} is still waiting for your recommendation.`),
    link,
  };
}

type Notice = 'submitted' | 'declined' | 'expired';

const NOTICE_TEXT: Record<Notice, (r: RecommendationRecord) => string> = {
  submitted: (r) => `${r.firstName} ${r.lastName} has submitted their recommendation. The admissions office has received it.`,
  declined: (r) => `${r.firstName} ${r.lastName} has declined to write a recommendation. You may invite someone else.`,
  expired: (r) =>
    `The link you sent ${r.firstName} ${r.lastName} for a recommendation has expired without a letter. You may invite them again or invite someone else.`,
};

/** To the applicant: the state of one recommendation, never its content. */
export function applicantNotice(r: RecommendationRecord, notice: Notice, origin: string): OutgoingMail {
  const statusUrl = new URL(COMPLETION_PATH, origin).href;
  return {
    to: r.applicant.email,
    subject: `${institution.name}: recommendation ${notice}`,
    text: [
      `Dear ${r.applicant.firstName || 'applicant'},`,
      '',
      NOTICE_TEXT[notice](r),
      '',
      `Your recommendations: ${statusUrl}`,
      '',
      `${institution.name} Office of Admissions`,
    ].join('\n'),
    link: statusUrl,
  };
}
