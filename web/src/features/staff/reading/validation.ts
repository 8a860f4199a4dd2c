import { object, string, type ObjectSchema } from 'yup';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '#form/account';
import type { Values } from '../shared/use-staff-form';

/** The readers as typed: e-mails separated by commas, spaces or lines, lower-cased, each once. */
export const readersOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  ),
];

/** The reassignment's rules, in the server's words (form/wire/reading.ts). */
export const reassignSchema = object({
  readers: string()
    .default('')
    .test('readers', 'Enter each reader’s e-mail address in the correct format, like name@example.edu, at most 10.', (v) => {
      const readers = readersOf(v ?? '');
      return readers.length <= 10 && readers.every((e) => e.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(e));
    }),
}) as ObjectSchema<Values>;
