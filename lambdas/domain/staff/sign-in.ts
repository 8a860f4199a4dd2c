/**
 * Staff sign-in over the staff identity port: one request per step of Cognito's challenge flow.
 * The answers name the challenge as Cognito does; identity errors become messages a person
 * understands, and none says whether an address has a staff account.
 */
import { TOTP, Secret } from 'otpauth';
import { institution } from '#form/institution';
import type { StaffLoginRequest } from '#form/wire/staff';
import { DomainError, Invalid, TooManyRequests, Unauthorized } from '../errors';
import type { SignInAudit } from '../ports/audit';
import type { Tokens } from '../ports/identity';
import type { StaffAuthStep, StaffIdentityProvider } from '../ports/staff-identity';

export type { StaffLoginRequest };

export const STAFF_TEXT = {
  badPassword: 'Incorrect e-mail or password.',
  badCode: 'That code is not right. Enter the current code from your authenticator app.',
  sessionExpired: 'Your sign-in took too long. Start again.',
  tooMany: 'Too many attempts. Please wait a few minutes and start again.',
  signedOut: 'You are signed out.',
} as const;

export type StaffLoginAnswer =
  | { challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA'; session: string }
  | { challenge: 'MFA_SETUP'; session: string; secret: string; otpauth_uri: string }
  | { tokens: Tokens };

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return new TOTP({
    issuer: `${institution.name} staff`,
    label: email,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
  }).toString();
}

function errorName(error: unknown): string | undefined {
  return error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' ? error.name : undefined;
}

function mapError(error: unknown, step: StaffLoginRequest['step']): DomainError | undefined {
  switch (errorName(error)) {
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return new Unauthorized(step === 'password' ? STAFF_TEXT.badPassword : STAFF_TEXT.sessionExpired);
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
    case 'ExpiredCodeException':
      return new Unauthorized(STAFF_TEXT.badCode);
    case 'InvalidPasswordException': {
      const detail = error instanceof Error ? error.message.replace(/^Password does not conform to policy: ?/, '') : '';
      const message = `That password does not meet the requirements.${detail ? ` ${detail}` : ''}`;
      return new Invalid(message, { new_password: [message] });
    }
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return new TooManyRequests(STAFF_TEXT.tooMany);
    default:
      return undefined;
  }
}

function answer(step: StaffAuthStep, email: string): StaffLoginAnswer {
  if (step.kind === 'tokens') return { tokens: step.tokens };
  if (step.challenge === 'MFA_SETUP')
    return { challenge: 'MFA_SETUP', session: step.session, secret: step.secret, otpauth_uri: otpauthUri(email, step.secret) };
  return { challenge: step.challenge, session: step.session };
}

export async function staffLogin(idp: StaffIdentityProvider, req: StaffLoginRequest): Promise<StaffLoginAnswer> {
  try {
    switch (req.step) {
      case 'password':
        return answer(await idp.initiateAuth(req.email, req.password), req.email);
      case 'NEW_PASSWORD_REQUIRED':
        return answer(await idp.respondNewPassword(req.email, req.session, req.newPassword), req.email);
      case 'MFA_SETUP':
        return answer(await idp.respondMfaSetup(req.email, req.session, req.code), req.email);
      case 'SOFTWARE_TOKEN_MFA':
        return answer(await idp.respondSoftwareTokenMfa(req.email, req.session, req.code), req.email);
    }
  } catch (error) {
    throw mapError(error, req.step) ?? error;
  }
}

/** A code step refused for its code (wrong, reused, or the last of the tries): the access record notes it. */
export function isWrongCode(req: StaffLoginRequest, error: unknown): boolean {
  if (req.step !== 'MFA_SETUP' && req.step !== 'SOFTWARE_TOKEN_MFA') return false;
  return (error instanceof Unauthorized && error.message === STAFF_TEXT.badCode) || error instanceof TooManyRequests;
}

/**
 * A sign-in step, with a completed sign-in and each wrong authenticator code recorded in the
 * access record; a completed one is also the staff user's last sign-in, which the console's
 * staff list shows (Cognito keeps none).
 */
export async function staffSignIn(
  ports: { idp: StaffIdentityProvider; audit: SignInAudit; recordSignIn: (email: string) => Promise<void> },
  req: StaffLoginRequest,
): Promise<StaffLoginAnswer> {
  const result = await staffLogin(ports.idp, req).catch(async (error: unknown) => {
    if (isWrongCode(req, error)) await ports.audit(req.email, 'mfa-failed');
    throw error;
  });
  if ('tokens' in result) {
    await ports.audit(req.email, 'sign-in');
    await ports.recordSignIn(req.email.trim().toLowerCase());
  }
  return result;
}
