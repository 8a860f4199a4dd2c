/**
 * The identity provider port: Cognito's user-pool client operations with Cognito's error names,
 * as the account use-cases need them. Two adapters implement it: adapters/identity/cognito.ts
 * (AWS) and the embedded local provider (local/identity), registered by the local stack.
 */

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
  /** Revokes every refresh token of the access token's user. */
  globalSignOut(accessToken: string): Promise<void>;
  /** RevokeToken: ends the one sign-in session this refresh token belongs to. */
  revokeToken(refreshToken: string): Promise<void>;
  forgotPassword(username: string): Promise<void>;
  confirmForgotPassword(username: string, code: string, password: string): Promise<void>;
  /**
   * The e-mail address of the access token's user, as the provider holds it (Cognito: GetUser's
   * `email` attribute). Never the token's `username` claim: with e-mail as the pool's username
   * attribute, Cognito's is a UUID. Handlers call this only with a token they verified.
   */
  verifiedEmail(accessToken: string): Promise<string>;
  /** DeleteUser: the access token's own user (no IAM: the token authorises it). */
  deleteUser(accessToken: string): Promise<void>;
  /** AdminDeleteUser by the user's `sub` (IAM on the pool); succeeds when there is no such user. */
  adminDeleteUser(sub: string): Promise<void>;
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
