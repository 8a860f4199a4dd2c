/**
 * The staff user pool in AWS. Sign-in uses the public client APIs and Cognito's own challenge
 * flow; managing users and their groups needs IAM and is staff-roles-cognito.ts's (the
 * `npm run staff` command and the console's staff-user routes, each granted its calls).
 */
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  GlobalSignOutCommand,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  RevokeTokenCommand,
  VerifySoftwareTokenCommand,
  type AuthenticationResultType,
  type ChallengeNameType,
} from '@aws-sdk/client-cognito-identity-provider';
import { IdentityError, type Tokens } from '#domain/ports/identity';
import type { StaffAuthStep, StaffIdentityProvider } from '#domain/ports/staff-identity';
import { config } from '#lambdas/config';

export class StaffCognitoIdentity implements StaffIdentityProvider {
  private readonly client: CognitoIdentityProviderClient;
  private readonly clientId: string;

  constructor(client?: CognitoIdentityProviderClient) {
    const c = config();
    this.client = client ?? new CognitoIdentityProviderClient({ region: c.region });
    this.clientId = c.staffUserPoolClientId;
  }

  async initiateAuth(email: string, password: string): Promise<StaffAuthStep> {
    const out = await this.client.send(
      new InitiateAuthCommand({ ClientId: this.clientId, AuthFlow: 'USER_PASSWORD_AUTH', AuthParameters: { USERNAME: email, PASSWORD: password } }),
    );
    return this.step(out.ChallengeName, out.Session, out.AuthenticationResult);
  }

  async respondNewPassword(email: string, session: string, newPassword: string): Promise<StaffAuthStep> {
    const out = await this.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: this.clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
      }),
    );
    return this.step(out.ChallengeName, out.Session, out.AuthenticationResult);
  }

  async respondMfaSetup(email: string, session: string, code: string): Promise<StaffAuthStep> {
    const verified = await this.client.send(new VerifySoftwareTokenCommand({ Session: session, UserCode: code, FriendlyDeviceName: 'Authenticator' }));
    if (verified.Status !== 'SUCCESS') throw new IdentityError('CodeMismatchException', 'Invalid code received for user');
    const out = await this.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: this.clientId,
        ChallengeName: 'MFA_SETUP',
        Session: verified.Session,
        ChallengeResponses: { USERNAME: email },
      }),
    );
    return this.step(out.ChallengeName, out.Session, out.AuthenticationResult);
  }

  async respondSoftwareTokenMfa(email: string, session: string, code: string): Promise<StaffAuthStep> {
    const out = await this.client.send(
      new RespondToAuthChallengeCommand({
        ClientId: this.clientId,
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        Session: session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: code },
      }),
    );
    return this.step(out.ChallengeName, out.Session, out.AuthenticationResult);
  }

  async refresh(refreshToken: string): Promise<Tokens> {
    const out = await this.client.send(
      new InitiateAuthCommand({ ClientId: this.clientId, AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN: refreshToken } }),
    );
    return tokensOf(out.AuthenticationResult);
  }

  async globalSignOut(accessToken: string): Promise<void> {
    await this.client.send(new GlobalSignOutCommand({ AccessToken: accessToken }));
  }

  async revokeToken(refreshToken: string): Promise<void> {
    await this.client.send(new RevokeTokenCommand({ ClientId: this.clientId, Token: refreshToken }));
  }

  /** Cognito's answer as a step; MFA_SETUP fetches the secret to show (AssociateSoftwareToken). */
  private async step(name: ChallengeNameType | undefined, session: string | undefined, result: AuthenticationResultType | undefined): Promise<StaffAuthStep> {
    if (!name) return { kind: 'tokens', tokens: tokensOf(result) };
    if (!session) throw new Error(`Cognito sent the ${name} challenge without a session`);
    if (name === 'MFA_SETUP') {
      const associated = await this.client.send(new AssociateSoftwareTokenCommand({ Session: session }));
      if (!associated.SecretCode || !associated.Session) throw new Error('Cognito returned no software token secret');
      return { kind: 'challenge', challenge: 'MFA_SETUP', session: associated.Session, secret: associated.SecretCode };
    }
    if (name === 'NEW_PASSWORD_REQUIRED' || name === 'SOFTWARE_TOKEN_MFA') return { kind: 'challenge', challenge: name, session };
    throw new Error(`The staff pool asked for a challenge this platform does not answer: ${name}`);
  }
}

function tokensOf(result: AuthenticationResultType | undefined): Tokens {
  if (!result?.AccessToken) throw new Error('Cognito returned neither a challenge nor tokens');
  const tokens: Tokens = { accessToken: result.AccessToken, expiresIn: result.ExpiresIn ?? 3600 };
  if (result.RefreshToken) tokens.refreshToken = result.RefreshToken;
  return tokens;
}
