import { number, object, string, type ObjectSchema } from 'yup';
import { EMAIL_PATTERN } from '#form/account';
import type { Values } from '../shared/use-staff-form';

/** The temporary-link form's rules and messages (yup, like the other staff forms). */
const LINK_MESSAGES = {
  answers: 'Fill in at least one answer to prepare.',
  days: 'Enter a whole number of days from 1 to 90.',
  recipientEmail: 'Enter the recipient’s e-mail address in the correct format, like name@example.com.',
} as const;

export const MAX_LINK_DAYS = 90;

/** The answer fields the temporary-link form offers; at least one filled in. */
export const LINK_ANSWER_FIELDS = ['first_name', 'last_name', 'entry_term', 'applied_major'] as const;

export const temporaryLinkSchema = object({
  // The message sits on the first field, where the summary's link leads.
  first_name: string()
    .default('')
    .test('some', LINK_MESSAGES.answers, function () {
      return LINK_ANSWER_FIELDS.some((k) => ((this.parent as Values)[k] ?? '').trim() !== '');
    }),
  last_name: string().default(''),
  entry_term: string().default(''),
  applied_major: string().default(''),
  recipient_name: string().default('').max(200, 'Enter at most 200 characters.'),
  recipient_email: string()
    .default('')
    .test('email', LINK_MESSAGES.recipientEmail, (v) => (v ?? '').trim() === '' || EMAIL_PATTERN.test((v ?? '').trim())),
  expires_in_days: string()
    .default('')
    .test('days', LINK_MESSAGES.days, (v) => {
      if (!/^[0-9]+$/.test((v ?? '').trim())) return false;
      return number().integer().min(1).max(MAX_LINK_DAYS).isValidSync(Number(v));
    }),
}) as ObjectSchema<Values>;
