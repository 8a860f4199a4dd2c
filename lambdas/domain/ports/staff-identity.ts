/**
 * The staff identity provider port: a second user pool (admin-created users, MFA required with
 * TOTP) and Cognito's challenge flow, with Cognito's challenge names. Two adapters:
 * adapters/identity/staff-cognito.ts (AWS) and the embedded local provider (local/identity).
 */
import type { StaffRole } from '#form/wire/roles';
import type { Tokens } from './identity';

export type StaffChallengeName = 'NEW_PASSWORD_REQUIRED' | 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA';

/** What a sign-in step answers: the next challenge, or the session's tokens. */
export type StaffAuthStep =
  | { kind: 'challenge'; challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA'; session: string }
  /** MFA_SETUP comes with the TOTP secret (base32) the authenticator app must learn. */
  | { kind: 'challenge'; challenge: 'MFA_SETUP'; session: string; secret: string }
  | { kind: 'tokens'; tokens: Tokens };

export interface StaffIdentityProvider {
  /** AdminCreateUser: the invitation with a temporary password goes to the address. */
  adminCreateUser(email: string): Promise<void>;
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
 * Staff users and their role groups, as the `npm run staff` command manages them (never a
 * Lambda): Cognito's admin APIs in AWS (adapters/identity/staff-roles-cognito.ts), the local
 * provider's development endpoints locally (scripts/staff.ts).
 */
export interface StaffDirectory {
  /** A new staff user in the role's group; the invitation goes to the address. */
  createUser(email: string, role: StaffRole): Promise<void>;
  /** The user's one role group: added to it, removed from any other role's. */
  setRole(email: string, role: StaffRole): Promise<void>;
}
