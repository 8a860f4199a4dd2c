/**
 * Inputs and answers of the console's staff management (an admin's): the staff users with their
 * role, authenticator, last sign-in and whether they may sign in; inviting one, changing a role,
 * deactivating and reactivating. Usernames are the lower-cased e-mail addresses.
 */
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../email';
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';
import { isStaffRole, STAFF_ROLES, type StaffRole } from './roles';

/** One staff user as the console's table shows them. */
export interface StaffUserRow {
  email: string;
  /** None: a user in no role group, who is refused everything until given one. */
  role: StaffRole | null;
  /** An authenticator app is set up (every sign-in asks its code). */
  mfa: boolean;
  /** ISO time of the last completed sign-in the console recorded; null: none yet. */
  last_sign_in: string | null;
  /** False once deactivated: they cannot sign in, and their sessions have ended. */
  active: boolean;
  /** Invited and never signed in (the temporary password is still theirs to change). */
  invited: boolean;
}

export interface StaffUserList {
  items: StaffUserRow[];
}

export interface StaffUserChanged {
  message: string;
  user: StaffUserRow;
}

const EMAIL_MESSAGE = 'Enter the e-mail address in the correct format, like name@example.edu.';
const ROLE_MESSAGE = `Choose a role: ${STAFF_ROLES.join(', ')}.`;

function emailOf(raw: unknown): string {
  const email = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
  if (!email || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email)) throw new InputError(EMAIL_MESSAGE, { email: [EMAIL_MESSAGE] });
  return email;
}

function roleOf(raw: unknown): StaffRole {
  if (!isStaffRole(raw)) throw new InputError(ROLE_MESSAGE, { role: [ROLE_MESSAGE] });
  return raw;
}

export interface InviteStaffUserRequest {
  email: string;
  role: StaffRole;
}

export const inviteStaffUserInput = bodyInput<InviteStaffUserRequest>()((raw): InviteStaffUserRequest => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['email', 'role']);
  return { email: emailOf(body.email), role: roleOf(body.role) };
});

export const changeStaffRoleInput = bodyInput<{ role: StaffRole }>()((raw): { role: StaffRole } => {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['role']);
  return { role: roleOf(body.role) };
});

/** The staff user of the path (their e-mail, the username), or a 400 in words. */
export function parseStaffUser(raw: string | undefined): string {
  let value = raw ?? '';
  // API Gateway may hand the segment over still encoded (%40 for @); the local stack decodes it.
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value);
    } catch {
      // Left as it is: the check below refuses it.
    }
  }
  const email = value.trim().toLowerCase();
  if (!email || email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    throw new InputError('The address names no staff user: it ends with the staff user’s e-mail address, like /staff/api/staff-users/name@example.edu/role.');
  return email;
}
