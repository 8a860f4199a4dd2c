/**
 * What the local applicant and staff providers share: their users' records in the identity
 * table and Cognito-shaped sessions (an RS256 access token, a refresh token stored hashed, a
 * global sign-out that revokes the refresh tokens issued before it). Each pool keeps its own
 * key prefixes, so an applicant's refresh token never opens a staff session or the reverse.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../../lambdas/adapters/clients';
import { IdentityError, type Tokens } from '../../lambdas/adapters/identity/types';
import { epochSeconds } from '../../lambdas/adapters/store/keys';
import { signJwt, type SigningKey } from './keys';

/** The fields every pool's user record has; each provider adds its own. */
export interface SessionUser {
  sub: string;
  /** Refresh tokens issued before this instant are revoked (GlobalSignOut). */
  signedOutAt?: number;
}

interface RefreshItem {
  pk: string;
  sk: 'refresh';
  sub: string;
  username: string;
  originJti: string;
  issuedAt: number;
  expiresAt: number;
}

export interface UserSessionsOptions {
  table: string;
  issuer: string;
  clientId: string;
  key: SigningKey;
  accessTokenTtlSeconds: number;
  refreshTtlSeconds: number;
  /** The pool's key prefixes: `user` for user records, `refresh` for refresh tokens. */
  prefixes: { user: string; refresh: string };
}

const hashed = (token: string) => createHash('sha256').update(token).digest('hex');

export class UserSessions<U extends SessionUser> {
  constructor(private readonly o: UserSessionsOptions) {}

  userPk(username: string): string {
    return `${this.o.prefixes.user}#${username.trim().toLowerCase()}`;
  }

  async getUser(username: string): Promise<U | undefined> {
    const out = await dynamoClient().send(new GetCommand({ TableName: this.o.table, Key: { pk: this.userPk(username), sk: 'user' }, ConsistentRead: true }));
    return out.Item as U | undefined;
  }

  async updateUser(username: string, expression: string, values: Record<string, unknown>, names?: Record<string, string>): Promise<void> {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: this.o.table,
        Key: { pk: this.userPk(username), sk: 'user' },
        UpdateExpression: expression,
        ExpressionAttributeValues: values,
        ...(names ? { ExpressionAttributeNames: names } : {}),
      }),
    );
  }

  /** An access token as Cognito's (claims and lifetime), and a refresh token on sign-in. */
  async issueTokens(user: U, username: string, originJti: string, withRefresh: boolean): Promise<Tokens> {
    const now = epochSeconds();
    const accessToken = signJwt(this.o.key, {
      sub: user.sub,
      iss: this.o.issuer,
      client_id: this.o.clientId,
      origin_jti: originJti,
      event_id: randomUUID(),
      token_use: 'access',
      scope: 'aws.cognito.signin.user.admin',
      auth_time: now,
      iat: now,
      exp: now + this.o.accessTokenTtlSeconds,
      jti: randomUUID(),
      username,
    });
    const tokens: Tokens = { accessToken, expiresIn: this.o.accessTokenTtlSeconds };
    if (withRefresh) {
      const refreshToken = randomBytes(48).toString('base64url');
      const item: RefreshItem = {
        pk: `${this.o.prefixes.refresh}#${hashed(refreshToken)}`,
        sk: 'refresh',
        sub: user.sub,
        username,
        originJti,
        issuedAt: Date.now(),
        expiresAt: now + this.o.refreshTtlSeconds,
      };
      await dynamoClient().send(new PutCommand({ TableName: this.o.table, Item: item }));
      tokens.refreshToken = refreshToken;
    }
    return tokens;
  }

  async refresh(refreshToken: string): Promise<Tokens> {
    const invalid = () => new IdentityError('NotAuthorizedException', 'Invalid Refresh Token');
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(refreshToken)) throw invalid();
    const out = await dynamoClient().send(new GetCommand({ TableName: this.o.table, Key: { pk: `${this.o.prefixes.refresh}#${hashed(refreshToken)}`, sk: 'refresh' } }));
    const item = out.Item as RefreshItem | undefined;
    if (!item || item.expiresAt <= epochSeconds()) throw invalid();
    const user = await this.getUser(item.username);
    if (!user || user.sub !== item.sub) throw invalid();
    if (user.signedOutAt !== undefined && item.issuedAt <= user.signedOutAt) throw new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked');
    return this.issueTokens(user, item.username, item.originJti, false);
  }

  /** Handlers call this only with a token they verified; the local provider trusts that. */
  async globalSignOut(accessToken: string): Promise<void> {
    let username: unknown;
    try {
      username = (JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString('utf8')) as { username?: unknown }).username;
    } catch {
      throw new IdentityError('NotAuthorizedException', 'Invalid Access Token');
    }
    if (typeof username !== 'string') throw new IdentityError('NotAuthorizedException', 'Invalid Access Token');
    await this.updateUser(username, 'SET signedOutAt = :t', { ':t': Date.now() });
  }
}
