import { object, string, type ObjectSchema } from 'yup';
import type { Values } from './use-staff-form';

/**
 * A form whose one field is the reason an admin's action needs (a hold, an erasure): given, and
 * at most `max` characters once trimmed, in the words the server refuses it with.
 */
export function reasonSchema(messages: { reasonMissing: string; reasonTooLong: string }, max: number): ObjectSchema<Values> {
  return object({
    reason: string()
      .default('')
      .test('given', messages.reasonMissing, (v) => (v ?? '').trim() !== '')
      .test('length', messages.reasonTooLong, (v) => (v ?? '').trim().length <= max),
  }) as ObjectSchema<Values>;
}
