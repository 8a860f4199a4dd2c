import { object, string, type ObjectSchema } from 'yup';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '#form/account';
import { isStaffRole } from '#form/wire/roles';
import type { Values } from '../shared/use-staff-form';

/** The invitation form's rules, in the server's words (form/wire/staff-users.ts). */
export const inviteSchema = object({
  email: string()
    .default('')
    .test('email', 'Enter the e-mail address in the correct format, like name@example.edu.', (v) => {
      const email = (v ?? '').trim();
      return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
    }),
  role: string()
    .default('')
    .test('role', 'Choose a role: reader, decider, admin.', (v) => isStaffRole(v)),
}) as ObjectSchema<Values>;
