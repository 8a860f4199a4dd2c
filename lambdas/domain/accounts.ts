/**
 * Account flows over the identity provider port. Identity errors become the messages an
 * applicant understands; none of them reveals whether an account exists.
 */
import type { LanguageCode } from '#form/i18n/languages';
import { claimFirstApplication } from './applications/start-application';
import { DomainError, Invalid, TooManyRequests } from './errors';
import { identityErrorName, type IdentityProvider, type Tokens, type VerifyResult } from './ports/identity';

export const ACCOUNT_TEXT = {
  signedUp: "We've sent a confirmation code to your email address. Enter it to confirm your account.",
  confirmed: 'Your account has been confirmed. Please log in.',
  resent: "If that account is waiting for confirmation, we've sent a new confirmation code to your email address.",
  loggedIn: 'You have successfully logged in.',
  loginFailed: 'Incorrect e-mail or password.',
  notConfirmed: 'Your account has not been confirmed yet. Please enter the confirmation code we sent to your email address.',
  forgot: "If an account exists for that email address, we've sent you an email with a link to reset your password.",
  reset: 'Your password has been reset. Please log in with your new password.',
  loggedOut: 'You have been logged out.',
  codeMismatch: 'That code is not correct. Please check the code and try again, or sign in if your account is already confirmed.',
  codeExpired: 'That code has expired. Please request a new one.',
  resetLinkInvalid: 'This password reset link is not valid or has expired. Please request a new one.',
  tooMany: 'Too many attempts. Please wait a few minutes and try again.',
  passwordRejected: 'That password does not meet the requirements.',
} as const;

/** Errors every flow maps the same way; undefined means "not an expected identity error". */
function commonError(error: unknown): DomainError | undefined {
  switch (identityErrorName(error)) {
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
      return new TooManyRequests(ACCOUNT_TEXT.tooMany);
    case 'InvalidPasswordException':
      return new Invalid(ACCOUNT_TEXT.passwordRejected, { password: [ACCOUNT_TEXT.passwordRejected] });
    default:
      return undefined;
  }
}

export async function signUp(idp: IdentityProvider, v: Record<string, string>): Promise<string> {
  try {
    await idp.signUp(v.username!, v.password!);
  } catch (error) {
    if (identityErrorName(error) !== 'UsernameExistsException') throw commonError(error) ?? error;
    // Answer as for a new account (no enumeration). An unconfirmed owner gets a fresh code;
    // a confirmed one can log in or reset the password.
    try {
      await idp.resendConfirmationCode(v.username!);
    } catch {
      /* already confirmed: nothing to send */
    }
  }
  return ACCOUNT_TEXT.signedUp;
}

export async function confirmSignUp(idp: IdentityProvider, v: Record<string, string>): Promise<string> {
  try {
    await idp.confirmSignUp(v.username!, v.code!);
    return ACCOUNT_TEXT.confirmed;
  } catch (error) {
    switch (identityErrorName(error)) {
      // One answer for a wrong code, an unknown address and an account already confirmed: the
      // confirm card must not tell a stranger which addresses have confirmed accounts.
      case 'CodeMismatchException':
      case 'UserNotFoundException':
      case 'NotAuthorizedException':
        throw new Invalid(ACCOUNT_TEXT.codeMismatch, { code: [ACCOUNT_TEXT.codeMismatch] });
      case 'ExpiredCodeException':
        throw new Invalid(ACCOUNT_TEXT.codeExpired, { code: [ACCOUNT_TEXT.codeExpired] });
      default:
        throw commonError(error) ?? error;
    }
  }
}

export async function resendConfirmation(idp: IdentityProvider, v: Record<string, string>): Promise<string> {
  try {
    await idp.resendConfirmationCode(v.username!);
  } catch (error) {
    const mapped = commonError(error);
    if (mapped) throw mapped;
    const name = identityErrorName(error);
    // Unknown or already-confirmed accounts get the same answer as a real resend.
    if (name !== 'UserNotFoundException' && name !== 'InvalidParameterException' && name !== 'NotAuthorizedException') throw error;
  }
  return ACCOUNT_TEXT.resent;
}

export async function logIn(idp: IdentityProvider, v: Record<string, string>): Promise<Tokens> {
  try {
    return await idp.initiateAuth(v.username!, v.password!);
  } catch (error) {
    switch (identityErrorName(error)) {
      // Cognito says NotAuthorized for a wrong password; an emulator (cognito-local) says
      // InvalidPassword. Either way "does not meet the requirements" would confirm the account.
      case 'NotAuthorizedException':
      case 'UserNotFoundException':
      case 'InvalidPasswordException':
        // One answer for unknown user and wrong password. 400, not 401: a 401 means "your session is invalid" to the app.
        throw new Invalid(ACCOUNT_TEXT.loginFailed);
      case 'UserNotConfirmedException':
        throw new Invalid(ACCOUNT_TEXT.notConfirmed, { username: [ACCOUNT_TEXT.notConfirmed] });
      default:
        throw commonError(error) ?? error;
    }
  }
}

export interface LogInPorts {
  idp: IdentityProvider;
  verifyAccessToken(accessToken: string): Promise<VerifyResult>;
  /** Notes the successful login on the applicant's status (the profile lists them); true on the account's first. */
  recordLogin(sub: string, username: string): Promise<boolean>;
  /** Where the first sign-in names the cycle of the account's first application (applications/start-application.ts). */
  firstApplication: Parameters<typeof claimFirstApplication>[0];
}

/** POST /public/login: the session's tokens; the login is noted under the verified token's subject. */
export async function startSession(ports: LogInPorts, v: Record<string, string>): Promise<Tokens> {
  const tokens = await logIn(ports.idp, v);
  const verified = await ports.verifyAccessToken(tokens.accessToken);
  if (!verified.ok) throw new Error('the identity provider issued a token that does not verify');
  if (await ports.recordLogin(verified.claims.sub, v.username!)) await claimFirstApplication(ports.firstApplication, verified.claims.sub, new Date());
  return tokens;
}

/** `language`: the one the reset e-mail is written in (the request's, issue 41). */
export async function forgotPassword(idp: IdentityProvider, v: Record<string, string>, language?: LanguageCode): Promise<string> {
  try {
    await idp.forgotPassword(v.username!, language);
  } catch (error) {
    const mapped = commonError(error);
    if (mapped) throw mapped;
    const name = identityErrorName(error);
    if (name !== 'UserNotFoundException' && name !== 'InvalidParameterException' && name !== 'NotAuthorizedException') throw error;
  }
  return ACCOUNT_TEXT.forgot;
}

export async function resetPassword(idp: IdentityProvider, v: Record<string, string>): Promise<string> {
  try {
    await idp.confirmForgotPassword(v.username!, v.id!, v.password!);
    return ACCOUNT_TEXT.reset;
  } catch (error) {
    switch (identityErrorName(error)) {
      case 'CodeMismatchException':
      case 'ExpiredCodeException':
      case 'UserNotFoundException':
      case 'NotAuthorizedException':
        throw new Invalid(ACCOUNT_TEXT.resetLinkInvalid, { id: [ACCOUNT_TEXT.resetLinkInvalid] });
      default:
        throw commonError(error) ?? error;
    }
  }
}
