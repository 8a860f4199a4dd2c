import { object, string, type ObjectSchema } from 'yup';
import {
  MAX_BULK_IDS,
  DECISION_MESSAGES,
  DECISION_NOTE_MAX_LENGTH,
  DECISION_REASON_MAX_LENGTH,
  MAX_RELEASE_DAYS_AHEAD,
  REVIEW_NOTES_MAX_LENGTH,
  REVIEW_SCORE_MAX,
  REVIEW_SCORE_MIN,
} from '#form/wire/decision-words';
import type { ReviewCriterion } from '#form/wire/decisions';
import { zonedIso } from '../shared/format';
import type { Values } from '../shared/use-staff-form';

/**
 * The review, decision and release forms' rules and messages (yup, like the other staff forms).
 * Apart from validation.ts so the sign-in and links screens do not load the decisions' contract.
 */
export const DECISION_FORM_MESSAGES = {
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

const scoreRule = (label: string) =>
  string()
    .default('')
    .matches(new RegExp(`^[${REVIEW_SCORE_MIN}-${REVIEW_SCORE_MAX}]$`), scoreMessage(label));
const chosen = (message: string) =>
  string()
    .default('')
    .test('chosen', message, (v) => (v ?? '') !== '');
const atMost = (max: number, message: string) =>
  string()
    .default('')
    .test('length', message, (v) => [...(v ?? '').trim()].length <= max);

export function reviewSchema(criteria: readonly ReviewCriterion[]): ObjectSchema<Values> {
  return object({
    ...Object.fromEntries(criteria.map((c) => [scoreField(c.key), scoreRule(c.label)])),
    recommendation: chosen(DECISION_FORM_MESSAGES.recommendation),
    notes: atMost(REVIEW_NOTES_MAX_LENGTH, DECISION_MESSAGES.notesTooLong),
  }) as ObjectSchema<Values>;
}

/** A decision; changing a released one also needs the reason (an admin's). */
export function decisionSchema(released: boolean): ObjectSchema<Values> {
  return object({
    decision: chosen(DECISION_FORM_MESSAGES.decision),
    note: atMost(DECISION_NOTE_MAX_LENGTH, DECISION_MESSAGES.noteTooLong),
    reason: released
      ? atMost(DECISION_REASON_MAX_LENGTH, DECISION_MESSAGES.reasonTooLong).test('given', DECISION_FORM_MESSAGES.reason, (v) => (v ?? '').trim() !== '')
      : string().default(''),
  }) as ObjectSchema<Values>;
}

export const BULK_MESSAGES = {
  selection: 'Select the applications to decide: tick their rows in the table.',
  tooMany: `Select at most ${MAX_BULK_IDS} applications at once.`,
  decision: 'Choose the decision for the selected applications.',
  releaseSelection: 'Select the applications to release: tick their rows in the table.',
} as const;

/** A decision for the `selected` rows of the list: some, not too many, and the decision. */
export function bulkSchema(selected: number): ObjectSchema<Values> {
  return object({
    bulk_selection: string()
      .default('')
      .test('some', BULK_MESSAGES.selection, () => selected > 0)
      .test('few', BULK_MESSAGES.tooMany, () => selected <= MAX_BULK_IDS),
    bulk_decision: chosen(BULK_MESSAGES.decision),
  }) as ObjectSchema<Values>;
}

/** A release: which applications, and now or at a date and time on the institution's clock. */
export function releaseSchema(now: () => number = Date.now): ObjectSchema<Values> {
  const at = (v: Values) => zonedIso(v.date ?? '', v.time ?? '');
  return object({
    target: chosen(DECISION_FORM_MESSAGES.releaseTarget),
    when: chosen(DECISION_FORM_MESSAGES.releaseWhen),
    date: string()
      .default('')
      .test('date', DECISION_FORM_MESSAGES.releaseDate, function (v) {
        return (this.parent as Values).when !== 'later' || zonedIso(v ?? '', '12:00') !== null;
      }),
    time: string()
      .default('')
      .test('time', DECISION_FORM_MESSAGES.releaseTime, function (v) {
        return (this.parent as Values).when !== 'later' || /^([01]\d|2[0-3]):[0-5]\d$/.test(v ?? '');
      })
      .test('future', DECISION_FORM_MESSAGES.releaseFuture, function () {
        const values = this.parent as Values;
        const iso = values.when === 'later' ? at(values) : null;
        return iso === null || Date.parse(iso) > now();
      })
      .test('near', DECISION_FORM_MESSAGES.releaseTooFar, function () {
        const values = this.parent as Values;
        const iso = values.when === 'later' ? at(values) : null;
        return iso === null || Date.parse(iso) <= now() + MAX_RELEASE_DAYS_AHEAD * 86_400_000;
      }),
  }) as ObjectSchema<Values>;
}
