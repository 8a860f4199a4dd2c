/**
 * The identity provider port: Cognito's user-pool operations with Cognito's error names, as the
 * account use-cases need them. Two adapters implement it: adapters/identity/cognito.ts
 * (AWS) and the embedded local provider (local/identity), registered by the local stack.
 */
import type { LanguageCode } from '#form/i18n/languages';

/**
 * The scope Cognito puts in every access token InitiateAuth issues, and the one its operations
 * authorised by the user's own token require (GetUser, DeleteUser, UpdateUserAttributes,
 * GlobalSignOut, ChangePassword…). Applicant tokens go without it (the applicant pool's pre token
 * generation trigger suppresses it): whoever copies one can do nothing at Cognito with it.
 */
export const USER_ADMIN_SCOPE = 'aws.cognito.signin.user.admin';

/** The ClientMetadata key a password reset hands its e-mail's language in (Cognito passes it to the CustomMessage trigger). */
export const RESET_LANGUAGE_KEY = 'language';

export interface Tokens {
  accessToken: string;
  /** Absent on refresh: Cognito keeps the original refresh token. */
  refreshToken?: string;
  /** Access-token lifetime in seconds. */
  expiresIn: number;
}

export interface IdentityProvider {
  signUp(username: string, password: string): Promise<void>;
  confirmSignUp(username: string, code: string): Promise<void>;
  resendConfirmationCode(username: string): Promise<void>;
  /** USER_PASSWORD_AUTH. */
  initiateAuth(username: string, password: string): Promise<Tokens>;
  /** REFRESH_TOKEN_AUTH. */
  refresh(refreshToken: string): Promise<Tokens>;
  /** RevokeToken: ends the one sign-in session this refresh token belongs to. */
  revokeToken(refreshToken: string): Promise<void>;
  /** `language`: the reset e-mail's (the page's the request came from, issue 41), handed to the e-mail's trigger. */
  forgotPassword(username: string, language?: LanguageCode): Promise<void>;
  confirmForgotPassword(username: string, code: string, password: string): Promise<void>;
  // The server's own calls about an applicant, by the verified token's `sub`, never with the
  // applicant's token: applicant access tokens carry no `aws.cognito.signin.user.admin` scope (a
  // stolen one can do nothing at Cognito itself), so Cognito refuses them its user operations.
  /**
   * AdminGetUser: the applicant's e-mail address as the provider holds it (the `email`
   * attribute). Never the token's `username` claim: with e-mail as the pool's username attribute,
   * Cognito's is a UUID.
   */
  verifiedEmail(sub: string): Promise<string>;
  /** AdminUserGlobalSignOut: revokes every refresh token of the user. */
  adminUserGlobalSignOut(sub: string): Promise<void>;
}

/** Cognito's exception names that the domain distinguishes. */
export type IdentityErrorName =
  | 'UsernameExistsException'
  | 'UserNotFoundException'
  | 'UserNotConfirmedException'
  | 'NotAuthorizedException'
  | 'CodeMismatchException'
  | 'ExpiredCodeException'
  | 'InvalidPasswordException'
  | 'InvalidParameterException'
  | 'LimitExceededException'
  | 'TooManyRequestsException'
  | 'TooManyFailedAttemptsException'
  | 'CodeDeliveryFailureException'
  | 'ResourceNotFoundException'
  | 'UnsupportedUserStateException';

const KNOWN = new Set<string>([
  'UsernameExistsException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'NotAuthorizedException',
  'CodeMismatchException',
  'ExpiredCodeException',
  'InvalidPasswordException',
  'InvalidParameterException',
  'LimitExceededException',
  'TooManyRequestsException',
  'TooManyFailedAttemptsException',
  'CodeDeliveryFailureException',
  'ResourceNotFoundException',
  'UnsupportedUserStateException',
]);

/** An error the provider reports on purpose (wrong code, taken username...), as opposed to a fault. */
export class IdentityError extends Error {
  constructor(
    override readonly name: IdentityErrorName,
    message: string,
  ) {
    super(message);
  }
}

/** Recognises Cognito SDK exceptions and IdentityError alike by their name. */
export function identityErrorName(error: unknown): IdentityErrorName | undefined {
  if (error && typeof error === 'object' && 'name' in error && typeof error.name === 'string' && KNOWN.has(error.name)) {
    return error.name as IdentityErrorName;
  }
  return undefined;
}

/** Claims of a verified access token that the platform uses. */
export interface AccessClaims {
  sub: string;
  username: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  /** When the user signed in (epoch s): the same in every token that sign-in's refresh token yields. */
  auth_time?: number;
  /** Identifies the sign-in session across refreshes (Cognito's origin_jti). */
  origin_jti?: string;
  jti?: string;
  /** The user's groups (Cognito's `cognito:groups`): a staff member's role. */
  groups?: string[];
}

/** A token check's answer: its claims, or why not (an expired token may be renewed). */
export type VerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };
