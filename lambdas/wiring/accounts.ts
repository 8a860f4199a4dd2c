/**
 * The applicant's account (domain/accounts.ts, session.ts, data-rights/close-account.ts): the
 * identity provider for signing up, confirming, signing in and resetting a password; the session's
 * end and renewal; closing the account. What concerns a signed-in applicant at the provider is the
 * server's own call by their `sub` (their tokens carry no scope Cognito's user operations accept):
 * sign-out is AdminUserGlobalSignOut, and the identity of a closed account goes last by the
 * retention function, as the office's erasure's does.
 * Only the routes that talk to the provider use this root: verifying a token needs none of it.
 */
import { identity, verifyAccessToken, type IdentityProvider } from '#adapters/identity';
import { applicantRenewal } from '#adapters/identity/renewal';
import { log } from '#adapters/log';
import { readAnswers } from '#adapters/store/answers-store';
import { applicationsIndex } from '#adapters/store/applications-store';
import { recordLogin, recordSignOut } from '#adapters/store/status-store';
import type { startSession } from '#domain/accounts';
import type { closeAccount } from '#domain/data-rights/close-account';
import type { endSession, renewSession } from '#domain/session';
import { institution } from '#form/institution';
import { timetable } from '#form/institution-cycles';
import { erasurePorts, identityErasedByRetention } from './data-rights';
import type { PortsOf } from './ports-of';

export const accountIdentity = (): IdentityProvider => identity();

export function logInPorts(): PortsOf<typeof startSession> {
  return { idp: identity(), verifyAccessToken, recordLogin, firstApplication: { applications: applicationsIndex, timetable } };
}

/** Signing out everywhere: every refresh token of the applicant `sub` revoked by AdminUserGlobalSignOut. */
export function logOutPorts(sub: string): PortsOf<typeof endSession> {
  return {
    globalSignOut: () => identity().adminUserGlobalSignOut(sub),
    signOutFailed: (error) => log.warn('global sign-out failed', { error }),
    recordSignOut,
  };
}

export const sessionRenewal = (): PortsOf<typeof renewSession> => applicantRenewal;

/** Closing the account: the identity last, by the retention function, which ends every session. */
export function closeAccountPorts(): PortsOf<typeof closeAccount> {
  return { idp: identity(), answers: { readAnswers }, erasure: erasurePorts(identityErasedByRetention('applicant')), helpEmail: institution.helpEmail };
}
