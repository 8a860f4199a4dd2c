/**
 * Recommendations: what the applicant sends to invite, remind and cancel a recommender, and what
 * the recommender (no account: a link token is the credential) sends to read the request, upload
 * a letter, submit or decline. The replies' shapes are here too, so the web app, the handlers and
 * the staff view read one definition.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email';
import { LETTER_FILE_NAME_MAX_LENGTH } from '../files';
import { isMailableName, MAIL_NAME_MAX_LENGTH, MAIL_NAME_MESSAGES } from '../mail-names';
import { FILE_NAME_REQUIRED, parseFileName } from './file-name';
import { bodyInput, InputError, queryInput, rejectUnknownFields, requireObject, type FieldErrors, type QueryParams } from './input';

export const RECOMMENDER_ROLES = ['counselor', 'teacher'] as const;
export type RecommenderRole = (typeof RECOMMENDER_ROLES)[number];

/**
 * What a recommendation is now. `invited` until the link is first read, `opened` after; the three
 * ends the recommender or the applicant choose (`submitted`, `declined`, `cancelled`) and the one
 * the clock does (`expired`).
 */
export const RECOMMENDATION_STATUSES = ['invited', 'opened', 'submitted', 'declined', 'expired', 'cancelled'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

/** The waiver question's answer: Y waived, N not waived, '' not answered yet. */
export type WaiverAnswer = 'Y' | 'N' | '';

/** One recommender as the applicant sees it: who and what state, never the letter. */
export interface RecommendationItem {
  id: string;
  role: RecommenderRole;
  first_name: string;
  last_name: string;
  email: string;
  status: RecommendationStatus;
  invited_at: string;
  expires_at: string;
  submitted_at?: string;
  reminded_at?: string;
}

export interface RecommendationList {
  items: RecommendationItem[];
  waiver: WaiverAnswer;
  max_teachers: number;
}

/** What the recommender's link shows: whom the letter is for and nothing else of the application. */
export interface RecommenderView {
  applicant: { first_name: string; last_name: string; school: string };
  role: RecommenderRole;
  waiver: WaiverAnswer;
  status: RecommendationStatus;
  expires_at: string;
  institution: string;
}

/** One recommendation as the office reads it (letter and comments included). */
export interface StaffRecommendation {
  id: string;
  role: RecommenderRole;
  name: string;
  email: string;
  status: RecommendationStatus;
  invited_at: string;
  submitted_at?: string;
  waiver: WaiverAnswer;
  relationship?: string;
  known_since?: string;
  comments?: string;
  /** An app link that signs afresh when opened (303 to a short-lived URL) and audits the read. */
  download_url?: string;
}

const NAME_MAX_LENGTH = MAIL_NAME_MAX_LENGTH;
/** Days between two reminders of one recommender (the server refuses one sooner). */
export const REMINDER_EVERY_DAYS = 3;
/** A reminder seconds after the invitation only repeats it: the page offers the first a day later. */
export const FIRST_REMINDER_AFTER_DAYS = 1;
const DAY_MS = 86_400_000;

/** When the page next offers a reminder: a day after the invitation, then three days after the last reminder. */
export function nextReminderAt(item: Pick<RecommendationItem, 'invited_at' | 'reminded_at'>): Date {
  return item.reminded_at
    ? new Date(Date.parse(item.reminded_at) + REMINDER_EVERY_DAYS * DAY_MS)
    : new Date(Date.parse(item.invited_at) + FIRST_REMINDER_AFTER_DAYS * DAY_MS);
}

/** Free text a recommender writes beside the letter. */
export const RECOMMENDATION_COMMENTS_MAX_LENGTH = 2000;
export const RELATIONSHIP_MAX_LENGTH = 100;
export const DECLINE_REASON_MAX_LENGTH = 500;

export const RECOMMENDATION_MESSAGES = {
  role: 'Choose whether this is your counselor or a teacher.',
  firstName: 'Enter the recommender\u2019s first name.',
  lastName: 'Enter the recommender\u2019s last name.',
  nameTooLong: `Names must be ${NAME_MAX_LENGTH} characters or fewer.`,
  email: 'Enter the recommender\u2019s e-mail address, like name@school.org.',
  token: 'This link no longer works. Ask the applicant to send you a new one.',
  relationship: 'Say how you know the applicant, for example \u201cAP Chemistry teacher\u201d.',
  knownSince: 'Enter the year you first met the applicant, like 2023.',
  commentsTooLong: `Comments must be ${RECOMMENDATION_COMMENTS_MAX_LENGTH} characters or fewer.`,
  reasonTooLong: `The reason must be ${DECLINE_REASON_MAX_LENGTH} characters or fewer.`,
} as const;

function field(body: Record<string, unknown>, name: string, max: number): string {
  const value = body[name];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new InputError(`${name} must be a string.`, { [name]: [`${name} must be a string.`] });
  if (value.length > max * 4) throw new InputError(`${name} is too long.`, { [name]: [`${name} is too long.`] });
  return value.trim();
}

function throwIfAny(errors: FieldErrors): void {
  const keys = Object.keys(errors);
  if (keys.length > 0) throw new InputError(errors[keys[0] as string]![0] as string, errors);
}

export interface Invitation {
  role: RecommenderRole;
  firstName: string;
  lastName: string;
  /** Trimmed and lower-cased: the address compared for duplicates and with the applicant's own. */
  email: string;
}

/** POST /api/recommendations: who to invite, every field checked and each problem named. */
export function parseInvitation(raw: unknown): Invitation {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['role', 'first_name', 'last_name', 'email']);
  const role = field(body, 'role', 16);
  const firstName = field(body, 'first_name', NAME_MAX_LENGTH);
  const lastName = field(body, 'last_name', NAME_MAX_LENGTH);
  const email = field(body, 'email', EMAIL_MAX_LENGTH).toLowerCase();
  const errors: FieldErrors = {};
  if (!(RECOMMENDER_ROLES as readonly string[]).includes(role)) errors.role = [RECOMMENDATION_MESSAGES.role];
  for (const [key, name, missing] of [
    ['first_name', firstName, RECOMMENDATION_MESSAGES.firstName],
    ['last_name', lastName, RECOMMENDATION_MESSAGES.lastName],
  ] as const) {
    if (name === '') errors[key] = [missing];
    else if ([...name].length > NAME_MAX_LENGTH) errors[key] = [RECOMMENDATION_MESSAGES.nameTooLong];
    // The name goes into an e-mail from the institution: no link or message rides in it.
    else if (!isMailableName(name)) errors[key] = [MAIL_NAME_MESSAGES.recommenderName];
  }
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) errors.email = [RECOMMENDATION_MESSAGES.email];
  throwIfAny(errors);
  return { role: role as RecommenderRole, firstName, lastName, email };
}
export const inviteRecommenderInput = bodyInput<{ role: RecommenderRole; first_name: string; last_name: string; email: string }>()(parseInvitation);

/**
 * A recommender's link token: 128 random bits or more, base64url. A malformed token is not a
 * 400: it is passed on as '' (anything not a bounded string) or as given, and the look-up answers
 * the same 404, in the same words, as for an unknown, expired or cancelled link, so a guesser
 * learns nothing from the shape of the answer (and the attempt is counted like any other).
 */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;
export function parseRecommendationToken(raw: unknown): string {
  return typeof raw === 'string' && raw.length <= 512 ? raw : '';
}

/** GET /public/recommendation?token= and GET /public/recommendation/letter?token=. */
export const recommendationTokenQueryInput = queryInput<{ token: string }>()((q: QueryParams): { token: string } => ({
  token: parseRecommendationToken(q.token),
}));

/** POST /public/recommendation/presigned-url: the link's token, nothing else. */
export const recommendationTokenBodyInput = bodyInput<{ token: string }>()((raw): { token: string } => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['token']);
  return { token: parseRecommendationToken(body.token) };
});

const LETTER_MISSING = 'Upload your letter before submitting.';

export interface LetterSubmission {
  token: string;
  fileKey: string;
  fileName: string;
  relationship: string;
  /** The year the recommender first met the applicant, four digits. */
  knownSince: string;
  comments: string;
}

/** POST /public/recommendation/submit. `now` bounds the year (a letter cannot know the applicant from the future). */
export function parseLetterSubmission(raw: unknown, now: Date = new Date()): LetterSubmission {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['token', 'file_key', 'file_name', 'relationship', 'known_since', 'comments']);
  const token = parseRecommendationToken(body.token);
  const errors: FieldErrors = {};
  const fileKey = field(body, 'file_key', 512);
  let fileName = '';
  // Without a letter there is no file name to check either: one message, in words.
  if (fileKey === '') errors.file_key = [LETTER_MISSING];
  else {
    try {
      fileName = parseFileName(body.file_name, LETTER_FILE_NAME_MAX_LENGTH);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      const messages = error.errors?.file_name ?? [error.message];
      errors.file_name = messages.map((m) => (m === FILE_NAME_REQUIRED ? LETTER_MISSING : m));
    }
  }
  const relationship = field(body, 'relationship', RELATIONSHIP_MAX_LENGTH);
  if (relationship === '' || [...relationship].length > RELATIONSHIP_MAX_LENGTH) errors.relationship = [RECOMMENDATION_MESSAGES.relationship];
  const knownSince = field(body, 'known_since', 4);
  const year = Number(knownSince);
  if (!/^\d{4}$/.test(knownSince) || year < now.getUTCFullYear() - 30 || year > now.getUTCFullYear()) errors.known_since = [RECOMMENDATION_MESSAGES.knownSince];
  const comments = field(body, 'comments', RECOMMENDATION_COMMENTS_MAX_LENGTH);
  if ([...comments].length > RECOMMENDATION_COMMENTS_MAX_LENGTH) errors.comments = [RECOMMENDATION_MESSAGES.commentsTooLong];
  throwIfAny(errors);
  return { token, fileKey, fileName, relationship, knownSince, comments };
}
export const submitRecommendationInput = bodyInput<{
  token: string;
  file_key: string;
  file_name: string;
  relationship: string;
  known_since: string;
  comments?: string;
}>()((raw) => parseLetterSubmission(raw));

/** POST /public/recommendation/decline: the token and, if they wish, why. */
export const declineRecommendationInput = bodyInput<{ token: string; reason?: string }>()((raw): { token: string; reason: string } => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['token', 'reason']);
  const token = parseRecommendationToken(body.token);
  const reason = field(body, 'reason', DECLINE_REASON_MAX_LENGTH);
  if ([...reason].length > DECLINE_REASON_MAX_LENGTH)
    throw new InputError(RECOMMENDATION_MESSAGES.reasonTooLong, { reason: [RECOMMENDATION_MESSAGES.reasonTooLong] });
  return { token, reason };
});
