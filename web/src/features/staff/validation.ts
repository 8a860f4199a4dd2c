import { number, object, string, type ObjectSchema } from 'yup';
import { DECISION_MESSAGES, DECISION_NOTE_MAX_LENGTH, DECISION_REASON_MAX_LENGTH, MAX_RELEASE_DAYS_AHEAD, REVIEW_NOTES_MAX_LENGTH, REVIEW_SCORE_MAX, REVIEW_SCORE_MIN, type ReviewCriterion } from '#form/wire/decisions';
import { zonedIso } from './format';
import { ACCOUNT_MESSAGES, EMAIL_PATTERN, loginSchema, passwordRules } from '#form/account';
import type { Values } from './components/use-staff-form';

/** The staff forms' rules and messages (yup, like the applicant's account cards). */
export const STAFF_MESSAGES = {
  code: 'Enter the 6-digit code from your authenticator app.',
  confirmPassword: 'The two passwords must match.',
  answers: 'Fill in at least one answer to prepare.',
  days: 'Enter a whole number of days from 1 to 90.',
  recipientEmail: 'Enter the recipient’s e-mail address in the correct format, like name@example.com.',
  recommendation: 'Choose a recommendation.',
  decision: 'Choose a decision.',
  reason: 'Give the reason for changing a released decision.',
  releaseTarget: 'Choose which applications to release.',
  releaseWhen: 'Choose whether to release now or at a date and time.',
  releaseDate: 'Enter the date of the release, like 03/15/2027.',
  releaseTime: 'Enter the time of the release, like 09:00 AM.',
  releaseFuture: 'Choose a date and time in the future.',
  releaseTooFar: `Choose a date and time within ${MAX_RELEASE_DAYS_AHEAD} days from now.`,
} as const;

/** One criterion's message: which one is missing its score. */
export const scoreMessage = (label: string) => `Give ${label} a score from ${REVIEW_SCORE_MIN} to ${REVIEW_SCORE_MAX}.`;
/** A review's fields: one `score_<key>` per criterion, the recommendation, the notes. */
export const scoreField = (key: string) => `score_${key}`;

const scoreRule = (label: string) => string().default('').matches(new RegExp(`^[${REVIEW_SCORE_MIN}-${REVIEW_SCORE_MAX}]$`), scoreMessage(label));
const chosen = (message: string) => string().default('').test('chosen', message, (v) => (v ?? '') !== '');
const atMost = (max: number, message: string) => string().default('').test('length', message, (v) => [...(v ?? '').trim()].length <= max);

export function reviewSchema(criteria: readonly ReviewCriterion[]): ObjectSchema<Values> {
  return object({
    ...Object.fromEntries(criteria.map((c) => [scoreField(c.key), scoreRule(c.label)])),
    recommendation: chosen(STAFF_MESSAGES.recommendation),
    notes: atMost(REVIEW_NOTES_MAX_LENGTH, DECISION_MESSAGES.notesTooLong),
  }) as ObjectSchema<Values>;
}

/** A decision; changing a released one also needs the reason (an admin's). */
export function decisionSchema(released: boolean): ObjectSchema<Values> {
  return object({
    decision: chosen(STAFF_MESSAGES.decision),
    note: atMost(DECISION_NOTE_MAX_LENGTH, DECISION_MESSAGES.noteTooLong),
    reason: released
      ? atMost(DECISION_REASON_MAX_LENGTH, DECISION_MESSAGES.reasonTooLong).test('given', STAFF_MESSAGES.reason, (v) => (v ?? '').trim() !== '')
      : string().default(''),
  }) as ObjectSchema<Values>;
}

/** A release: which applications, and now or at a date and time on the institution's clock. */
export function releaseSchema(now: () => number = Date.now): ObjectSchema<Values> {
  const at = (v: Values) => zonedIso(v.date ?? '', v.time ?? '');
  return object({
    target: chosen(STAFF_MESSAGES.releaseTarget),
    when: chosen(STAFF_MESSAGES.releaseWhen),
    date: string()
      .default('')
      .test('date', STAFF_MESSAGES.releaseDate, function (v) {
        return (this.parent as Values).when !== 'later' || zonedIso(v ?? '', '12:00') !== null;
      }),
    time: string()
      .default('')
      .test('time', STAFF_MESSAGES.releaseTime, function (v) {
        return (this.parent as Values).when !== 'later' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v ?? '');
      })
      .test('future', STAFF_MESSAGES.releaseFuture, function () {
        const values = this.parent as Values;
        const iso = values.when === 'later' ? at(values) : null;
        return iso === null || Date.parse(iso) > now();
      })
      .test('near', STAFF_MESSAGES.releaseTooFar, function () {
        const values = this.parent as Values;
        const iso = values.when === 'later' ? at(values) : null;
        return iso === null || Date.parse(iso) <= now() + MAX_RELEASE_DAYS_AHEAD * 86_400_000;
      }),
  }) as ObjectSchema<Values>;
}

export const MAX_LINK_DAYS = 90;

export const credentialsSchema = loginSchema as ObjectSchema<Values>;

/** The account rules' password checks: one message when empty, one per failed rule otherwise. */
const newPassword = () =>
  passwordRules.reduce(
    (schema, rule) => schema.test(rule.id, rule.message, (v) => (v ?? '') === '' || rule.test(v ?? '')),
    string()
      .default('')
      .test('required', ACCOUNT_MESSAGES.passwordRequired, (v) => (v ?? '') !== ''),
  );

export const newPasswordSchema = object({
  new_password: newPassword(),
  confirm_password: string()
    .default('')
    .test('match', STAFF_MESSAGES.confirmPassword, function (v) {
      return (v ?? '') === (this.parent as Values).new_password;
    }),
}) as ObjectSchema<Values>;

export const codeSchema = object({
  code: string()
    .default('')
    .transform((v: string) => v.replace(/\s/g, ''))
    .matches(/^[0-9]{6}$/, STAFF_MESSAGES.code),
}) as ObjectSchema<Values>;

/** The answer fields the temporary-link form offers; at least one filled in. */
export const LINK_ANSWER_FIELDS = ['first_name', 'last_name', 'entry_term', 'applied_major'] as const;

export const temporaryLinkSchema = object({
  // The message sits on the first field, where the summary's link leads.
  first_name: string()
    .default('')
    .test('some', STAFF_MESSAGES.answers, function () {
      return LINK_ANSWER_FIELDS.some((k) => ((this.parent as Values)[k] ?? '').trim() !== '');
    }),
  last_name: string().default(''),
  entry_term: string().default(''),
  applied_major: string().default(''),
  recipient_name: string().default('').max(200, 'Enter at most 200 characters.'),
  recipient_email: string()
    .default('')
    .test('email', STAFF_MESSAGES.recipientEmail, (v) => (v ?? '').trim() === '' || EMAIL_PATTERN.test((v ?? '').trim())),
  expires_in_days: string()
    .default('')
    .test('days', STAFF_MESSAGES.days, (v) => {
      if (!/^[0-9]+$/.test((v ?? '').trim())) return false;
      return number().integer().min(1).max(MAX_LINK_DAYS).isValidSync(Number(v));
    }),
}) as ObjectSchema<Values>;
