/**
 * The staff identity provider port: a second user pool (admin-created users, MFA required with
 * TOTP) and Cognito's challenge flow, with Cognito's challenge names. Two adapters:
 * adapters/identity/staff-cognito.ts (AWS) and the embedded local provider (local/identity).
 */
import type { StaffRole } from '#form/wire/roles';
import type { Tokens } from './identity';

/** What a sign-in step answers: the next challenge, or the session's tokens. */
export type StaffAuthStep =
  | { kind: 'challenge'; challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA'; session: string }
  /** MFA_SETUP comes with the TOTP secret (base32) the authenticator app must learn. */
  | { kind: 'challenge'; challenge: 'MFA_SETUP'; session: string; secret: string }
  | { kind: 'tokens'; tokens: Tokens };

export interface StaffIdentityProvider {
  /** USER_PASSWORD_AUTH on the staff client. */
  initiateAuth(email: string, password: string): Promise<StaffAuthStep>;
  respondNewPassword(email: string, session: string, newPassword: string): Promise<StaffAuthStep>;
  /** VerifySoftwareToken for the session, then the MFA_SETUP response. */
  respondMfaSetup(email: string, session: string, code: string): Promise<StaffAuthStep>;
  respondSoftwareTokenMfa(email: string, session: string, code: string): Promise<StaffAuthStep>;
  refresh(refreshToken: string): Promise<Tokens>;
  globalSignOut(accessToken: string): Promise<void>;
  /** RevokeToken: ends the one sign-in session this refresh token belongs to. */
  revokeToken(refreshToken: string): Promise<void>;
}

/** Staff passwords: the applicant rules and a longer minimum (the pool's policy says the same). */
export { STAFF_PASSWORD_MIN_LENGTH } from '#form/passwords';

/**
 * Staff users and their groups, as the `npm run staff` command and the console's staff routes
 * manage them: Cognito's admin APIs on the staff pool (adapters/identity/staff-roles-cognito.ts),
 * in AWS or against the local stack's stand-in, which answers them with Cognito's semantics and
 * error names. Usernames are the lower-cased e-mail addresses.
 */
export interface StaffDirectory {
  /** AdminCreateUser with the invitation suppressed: the user exists, in no group, and nobody knows a password yet. */
  createUninvited(email: string): Promise<void>;
  /** AdminAddUserToGroup. */
  addToGroup(email: string, group: string): Promise<void>;
  /** AdminRemoveUserFromGroup. */
  removeFromGroup(email: string, group: string): Promise<void>;
  /** AdminListGroupsForUser: the names of the user's groups. */
  groupsOf(email: string): Promise<string[]>;
  /** AdminCreateUser with MessageAction RESEND: the invitation, with a new temporary password. */
  invite(email: string): Promise<void>;
  /** AdminDeleteUser. */
  deleteUser(email: string): Promise<void>;
  /** ListUsers: every user's username, page by page. */
  listUsers(): AsyncIterable<string>;
}

/** A staff user as the pool knows them. */
export interface StaffAccount {
  email: string;
  /** Their `sub`: the key of their sessions' record (staffSessionKey). */
  sub: string;
  /** From their groups (roleOfGroups); none: no access. */
  role?: StaffRole;
  /** False once disabled (AdminDisableUser): Cognito refuses their sign-in and refresh. */
  enabled: boolean;
  /** A TOTP authenticator is set up. */
  mfa: boolean;
  /** FORCE_CHANGE_PASSWORD: invited, the temporary password never changed. */
  invited: boolean;
}

/** What the console's staff routes add to the directory: a user's state, the admins, and ending access. */
export interface StaffAdministration extends StaffDirectory {
  /** AdminGetUser and AdminListGroupsForUser; undefined when there is no such user. */
  account(email: string): Promise<StaffAccount | undefined>;
  /** Every staff user (ListUsers, then `account` each: the pool is an office's handful of people). */
  accounts(): Promise<StaffAccount[]>;
  /** ListUsersInGroup on the admin group: the admins who may sign in. */
  activeAdmins(): Promise<string[]>;
  /** AdminDisableUser / AdminEnableUser. */
  setEnabled(email: string, enabled: boolean): Promise<void>;
  /** AdminUserGlobalSignOut: every refresh token of the user renews nothing any more. */
  signOutEverywhere(email: string): Promise<void>;
}

/** The office's one lock on changes that take an admin away (a lease: a holder that dies frees it within seconds). */
export interface AdminChangeLock {
  /** True when this change now holds it; false while another holds it. */
  take(): Promise<boolean>;
  release(): Promise<void>;
}
