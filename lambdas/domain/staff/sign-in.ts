/**
 * Staff sign-in over the staff identity port: one request per step of Cognito's challenge flow.
 * The answers name the challenge as Cognito does; identity errors become messages a person
 * understands, and none says whether an address has a staff account.
 */
import { TOTP, Secret } from 'otpauth';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN } from '../../../form/email';
import { institution } from '../../../form/institution';
import type { StaffAuthStep, StaffIdentityProvider } from '../ports/staff-identity';
import type { Tokens } from '../ports/identity';
import { DomainError, Invalid, TooManyRequests, Unauthorized } from '../errors';
import { requireObject, rejectUnknownFields } from '../input';

export const STAFF_TEXT = {
  badPassword: 'Incorrect e-mail or password.',
  badCode: 'That code is not right. Enter the current code from your authenticator app.',
  sessionExpired: 'Your sign-in took too long. Start again.',
  tooMany: 'Too many attempts. Please wait a few minutes and start again.',
  signedOut: 'You are signed out.',
} as const;

export type StaffLoginRequest =
  | { step: 'password'; email: string; password: string }
  | { step: 'NEW_PASSWORD_REQUIRED'; email: string; session: string; newPassword: string }
  | { step: 'MFA_SETUP' | 'SOFTWARE_TOKEN_MFA'; email: string; session: string; code: string };

export type StaffLoginAnswer =
  | { challenge: 'NEW_PASSWORD_REQUIRED' | 'SOFTWARE_TOKEN_MFA'; session: string }
  | { challenge: 'MFA_SETUP'; session: string; secret: string; otpauth_uri: string }
  | { tokens: Tokens };

function text(body: Record<string, unknown>, field: string, max = 1024): string {
  const value = body[field];
  if (typeof value !== 'string' || value === '') throw new Invalid(`${field} is required.`, { [field]: [`${field} is required.`] });
  if (value.length > max) throw new Invalid(`${field} is too long.`, { [field]: [`${field} must be at most ${max} characters.`] });
  return value;
}

export function parseStaffLogin(raw: unknown): StaffLoginRequest {
  const body = requireObject(raw);
  const challenge = body.challenge;
  const email = text(body, 'email', EMAIL_MAX_LENGTH).trim().toLowerCase();
  if (!EMAIL_PATTERN.test(email)) throw new Invalid('Please provide a valid email address.', { email: ['Please provide a valid email address.'] });
  if (challenge === undefined) {
    rejectUnknownFields(body, ['email', 'password']);
    return { step: 'password', email, password: text(body, 'password') };
  }
  if (challenge === 'NEW_PASSWORD_REQUIRED') {
    rejectUnknownFields(body, ['email', 'challenge', 'session', 'new_password']);
    return { step: challenge, email, session: text(body, 'session', 4096), newPassword: text(body, 'new_password') };
  }
  if (challenge === 'MFA_SETUP' || challenge === 'SOFTWARE_TOKEN_MFA') {
    rejectUnknownFields(body, ['email', 'challenge', 'session', 'code']);
    const code = text(body, 'code', 16).replace(/\s/g, '');
    if (!/^\d{6}$/.test(code)) throw new Invalid('The code is the 6 digits your authenticator app shows.', { code: ['The code is the 6 digits your authenticator app shows.'] });
    return { step: challenge, email, session: text(body, 'session', 4096), code };
  }
  throw new Invalid('challenge must be NEW_PASSWORD_REQUIRED, MFA_SETUP or SOFTWARE_TOKEN_MFA.');
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(email: string, secret: string): string {
  return new TOTP({ issuer: `${institution.name} staff`, label: email, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).toString();
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
  if (step.challenge === 'MFA_SETUP') return { challenge: 'MFA_SETUP', session: step.session, secret: step.secret, otpauth_uri: otpauthUri(email, step.secret) };
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
