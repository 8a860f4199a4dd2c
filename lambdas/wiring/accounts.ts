/**
 * The applicant's account (domain/accounts.ts, session.ts, data-rights/close-account.ts): the
 * identity provider for signing up, confirming, signing in and resetting a password; the session's
 * end and renewal; closing the account, whose identity goes last with the applicant's own token.
 * Only the routes that talk to the provider use this root: verifying a token needs none of it.
 */
import { identity, verifyAccessToken, type IdentityProvider } from '#adapters/identity';
import { applicantRenewal } from '#adapters/identity/renewal';
import { log } from '#adapters/log';
import { readAnswers } from '#adapters/store/answers-store';
import { recordLogin, recordSignOut } from '#adapters/store/status-store';
import type { startSession } from '#domain/accounts';
import type { closeAccount } from '#domain/data-rights/close-account';
import type { endSession, renewSession } from '#domain/session';
import { institution } from '#form/institution';
import { erasurePorts } from './data-rights';
import type { PortsOf } from './ports-of';

export const accountIdentity = (): IdentityProvider => identity();

export function logInPorts(): PortsOf<typeof startSession> {
  return { idp: identity(), verifyAccessToken, recordLogin };
}

export function logOutPorts(): PortsOf<typeof endSession> {
  return { globalSignOut: (token) => identity().globalSignOut(token), signOutFailed: (error) => log.warn('global sign-out failed', { error }), recordSignOut };
}

export const sessionRenewal = (): PortsOf<typeof renewSession> => applicantRenewal;

/** Closing the account: the identity last, with the applicant's own token (DeleteUser: no IAM), which ends every session. */
export function closeAccountPorts(accessToken: string): PortsOf<typeof closeAccount> {
  const idp = identity();
  return { idp, answers: { readAnswers }, erasure: erasurePorts(() => idp.deleteUser(accessToken)), helpEmail: institution.helpEmail };
}
