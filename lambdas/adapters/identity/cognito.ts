import {
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ConfirmSignUpCommand,
  ForgotPasswordCommand,
  InitiateAuthCommand,
  ResendConfirmationCodeCommand,
  RevokeTokenCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { DomainError } from '#domain/errors';
import { RESET_LANGUAGE_KEY, type IdentityProvider, type Tokens } from '#domain/ports/identity';
import type { LanguageCode } from '#form/i18n/languages';
import { config } from '#lambdas/config';
import { cognitoVerifiedEmail } from './verified-email';

/**
 * 503: the Cognito endpoint does not offer the operation. Only an emulator answers so
 * (cognito-local, the bundled stack's Cognito, has no ResendConfirmationCode or
 * AdminUserGlobalSignOut): a clear answer instead of a 500.
 */
export class IdentityOperationUnavailable extends DomainError {
  readonly status = 503;
  constructor(operation: string) {
    super(`${operation} is not available from this identity service (the local Cognito emulator does not offer it); in AWS, Cognito does.`);
  }
}

/** cognito-local answers an operation it lacks with `__type: CognitoLocal#Unsupported` (the SDK names it Unsupported). */
function unsupported(operation: string) {
  return (error: unknown): never => {
    if (error instanceof Error && (error.name === 'Unsupported' || error.message.startsWith('Cognito Local unsupported feature')))
      throw new IdentityOperationUnavailable(operation);
    throw error;
  };
}

/**
 * Amazon Cognito: the public user-pool client APIs for signing up and in (no IAM, no client
 * secret), and the Admin* calls, by `sub` with the route's own role, for what concerns a signed-in
 * applicant: their access tokens carry no `aws.cognito.signin.user.admin` scope, so Cognito would
 * refuse them on its user operations (GetUser, GlobalSignOut, DeleteUser).
 */
export class CognitoIdentity implements IdentityProvider {
  private readonly client: CognitoIdentityProviderClient;
  private readonly clientId: string;

  constructor() {
    const c = config();
    this.client = new CognitoIdentityProviderClient({ region: c.region });
    this.clientId = c.userPoolClientId;
  }

  async signUp(username: string, password: string): Promise<void> {
    await this.client.send(
      new SignUpCommand({
        ClientId: this.clientId,
        Username: username,
        Password: password,
        UserAttributes: [{ Name: 'email', Value: username }],
      }),
    );
  }

  async confirmSignUp(username: string, code: string): Promise<void> {
    await this.client.send(new ConfirmSignUpCommand({ ClientId: this.clientId, Username: username, ConfirmationCode: code }));
  }

  async resendConfirmationCode(username: string): Promise<void> {
    await this.client
      .send(new ResendConfirmationCodeCommand({ ClientId: this.clientId, Username: username }))
      .catch(unsupported('Resending a confirmation code'));
  }

  async initiateAuth(username: string, password: string): Promise<Tokens> {
    const out = await this.client.send(
      new InitiateAuthCommand({
        ClientId: this.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      }),
    );
    return tokensFrom(out.AuthenticationResult);
  }

  async refresh(refreshToken: string): Promise<Tokens> {
    const out = await this.client.send(
      new InitiateAuthCommand({
        ClientId: this.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    );
    return tokensFrom(out.AuthenticationResult);
  }

  async adminUserGlobalSignOut(sub: string): Promise<void> {
    await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: config().userPoolId, Username: sub })).catch(unsupported('Signing out everywhere'));
  }

  async revokeToken(refreshToken: string): Promise<void> {
    await this.client.send(new RevokeTokenCommand({ ClientId: this.clientId, Token: refreshToken })).catch(unsupported('Revoking a token'));
  }

  async forgotPassword(username: string, language?: LanguageCode): Promise<void> {
    // ClientMetadata reaches the CustomMessage trigger (events/cognito-custom-message.ts), which writes the e-mail in it.
    await this.client.send(
      new ForgotPasswordCommand({ ClientId: this.clientId, Username: username, ...(language ? { ClientMetadata: { [RESET_LANGUAGE_KEY]: language } } : {}) }),
    );
  }

  async confirmForgotPassword(username: string, code: string, password: string): Promise<void> {
    await this.client.send(new ConfirmForgotPasswordCommand({ ClientId: this.clientId, Username: username, ConfirmationCode: code, Password: password }));
  }

  /** AdminGetUser, sent without the client (./verified-email.ts). */
  verifiedEmail(sub: string): Promise<string> {
    return cognitoVerifiedEmail(sub);
  }
}

function tokensFrom(result: { AccessToken?: string; RefreshToken?: string; ExpiresIn?: number } | undefined): Tokens {
  if (!result?.AccessToken) {
    // A challenge (MFA, new password) instead of tokens: the pool is configured without them.
    throw new Error('Cognito returned no tokens; the user pool must not require auth challenges.');
  }
  const tokens: Tokens = { accessToken: result.AccessToken, expiresIn: result.ExpiresIn ?? 3600 };
  if (result.RefreshToken) tokens.refreshToken = result.RefreshToken;
  return tokens;
}
