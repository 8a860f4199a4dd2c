/**
 * What the local applicant and staff providers share: their users' records in the identity
 * table and Cognito-shaped sessions (an RS256 access token, a refresh token stored hashed, a
 * global sign-out that revokes the refresh tokens issued before it). Each pool keeps its own
 * key prefixes, so an applicant's refresh token never opens a staff session or the reverse.
 */
import { createHash, createPublicKey, randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual, verify } from 'node:crypto';
import { promisify } from 'node:util';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '#adapters/clients';
import { epochSeconds, isConditionalFailure } from '#adapters/store/keys';
import { IdentityError, USER_ADMIN_SCOPE, type Tokens } from '#domain/ports/identity';
import { signJwt, type SigningKey } from './keys';

const scrypt = promisify(scryptCb) as (password: string, salt: Buffer, keylen: number, options: { N: number }) => Promise<Buffer>;

/** Node's default scrypt cost (N), which a hash without its own cost was made with. */
export const DEFAULT_PASSWORD_HASH_COST = 16_384;

/**
 * The scrypt cost new hashes are made with: LOCAL_PASSWORD_HASH_COST (a power of two), or Node's
 * default. The tests' stacks lower it (test/support/child-stack.ts): every test signs up and in
 * with its own accounts, a thousand and more sign-ups and sign-ins a run, and at the default each
 * one is some 50 ms of a core. Each hash carries its cost, so either kind verifies anywhere.
 */
function hashCost(): number {
  const cost = Number(process.env.LOCAL_PASSWORD_HASH_COST);
  return Number.isInteger(cost) && cost >= 2 && (cost & (cost - 1)) === 0 ? cost : DEFAULT_PASSWORD_HASH_COST;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const cost = hashCost();
  const hash = await scrypt(password, salt, 32, { N: cost });
  return `scrypt$${cost}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  // scrypt$<cost>$<salt>$<hash>, or scrypt$<salt>$<hash> from before the cost was written (the default).
  const parts = stored.split('$');
  const [cost, salt, hash] = parts.length === 4 ? [Number(parts[1]), parts[2], parts[3]] : [DEFAULT_PASSWORD_HASH_COST, parts[1], parts[2]];
  if (!salt || !hash || !Number.isInteger(cost) || cost < 2) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N: cost });
  return timingSafeEqual(actual, expected);
}

/** Consecutive failed sign-ins before a temporary lock, as Cognito's lockout does. */
const MAX_FAILED_LOGINS = 5;
const LOCK_SECONDS = 5 * 60;
/** The user exists and no lock holds now (`:now`, epoch seconds). */
const NOT_LOCKED = 'attribute_exists(pk) AND (attribute_not_exists(lockedUntil) OR lockedUntil <= :now)';

/** The fields every pool's user record has; each provider adds its own. */
export interface SessionUser {
  sub: string;
  passwordHash: string;
  failedLogins?: number;
  lockedUntil?: number;
  /** Refresh tokens issued before this instant are revoked (GlobalSignOut). */
  signedOutAt?: number;
  /** The user's groups: in the access token as `cognito:groups` when there are any (as Cognito does). */
  groups?: string[];
  /** AdminDisableUser: no sign-in, no refresh (Cognito's "User is disabled."). */
  disabled?: boolean;
}

interface RefreshItem {
  pk: string;
  sk: 'refresh';
  sub: string;
  username: string;
  originJti: string;
  /** Epoch ms of the sign-in that issued it. */
  issuedAt: number;
  expiresAt: number;
  /** RevokeToken: this refresh token renews nothing any more. */
  revokedAt?: number;
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
  /**
   * The access token's `scope` claim, if any. Cognito puts `aws.cognito.signin.user.admin` in every
   * token InitiateAuth issues, and that scope is what lets the token act on its own user at
   * Cognito's API; the applicant pool suppresses it (its pre token generation trigger), the staff pool keeps it.
   */
  scope?: string;
}

export { USER_ADMIN_SCOPE };

const hashed = (token: string) => createHash('sha256').update(token).digest('hex');

export class UserSessions<U extends SessionUser> {
  /** A fixed hash to compare against for unknown users, so timing does not reveal existence. */
  private readonly dummyHash = hashPassword('not-a-real-password-Aa1!');

  constructor(private readonly o: UserSessionsOptions) {}

  /**
   * The user whose password this is, or NotAuthorized with one message for an unknown user and a
   * wrong password; five wrong passwords in a row lock the user for five minutes.
   *
   * Only wrong passwords are counted, each in one atomic update after its comparison, so wrong
   * passwords sent at once all count and the fifth locks the account, however many arrive
   * together; right passwords sent at once (several tabs signing in) are never refused for it.
   * A right password clears the count in a write conditional on there being no lock, so a lock
   * written while it was being compared still holds. Every path pays for one scrypt comparison (a
   * dummy one for an unknown or locked user), so neither existence nor the lock shows in the
   * time an answer takes.
   */
  async passwordSignIn(username: string, password: string): Promise<U> {
    const notAuthorized = () => new IdentityError('NotAuthorizedException', 'Incorrect username or password.');
    const locked = () => new IdentityError('NotAuthorizedException', 'Password attempts exceeded');
    const user = await this.getUser(username);
    if (!user) {
      await passwordMatches(password, await this.dummyHash);
      throw notAuthorized();
    }
    if ((user.lockedUntil ?? 0) > epochSeconds()) {
      await passwordMatches(password, await this.dummyHash);
      throw locked();
    }
    if (!(await passwordMatches(password, user.passwordHash))) {
      const failures = await this.countFailure(username);
      if (failures === 'locked') throw locked();
      if (failures >= MAX_FAILED_LOGINS) await this.lock(username);
      throw notAuthorized();
    }
    // The password is right: the count starts again from none (even if the account is not usable yet).
    if (!(await this.clearFailures(username))) throw locked();
    return { ...user, failedLogins: 0 };
  }

  /** The user's consecutive wrong passwords including this one, counted atomically; 'locked' while a lock holds. */
  private async countFailure(username: string): Promise<number | 'locked'> {
    try {
      const out = await dynamoClient().send(
        new UpdateCommand({
          TableName: this.o.table,
          Key: { pk: this.userPk(username), sk: 'user' },
          UpdateExpression: 'ADD failedLogins :one',
          ConditionExpression: NOT_LOCKED,
          ExpressionAttributeValues: { ':one': 1, ':now': epochSeconds() },
          ReturnValues: 'UPDATED_NEW',
        }),
      );
      return Number(out.Attributes?.failedLogins ?? 1);
    } catch (error) {
      if (isConditionalFailure(error)) return 'locked';
      throw error;
    }
  }

  /** Clears the count after a right password; false if a lock holds (written while it was compared). */
  private async clearFailures(username: string): Promise<boolean> {
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: this.o.table,
          Key: { pk: this.userPk(username), sk: 'user' },
          UpdateExpression: 'SET failedLogins = :z',
          ConditionExpression: NOT_LOCKED,
          ExpressionAttributeValues: { ':z': 0, ':now': epochSeconds() },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalFailure(error)) return false;
      throw error;
    }
  }

  /** Locks the user for five minutes; the count starts from none when the lock ends. */
  private async lock(username: string): Promise<void> {
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: this.o.table,
          Key: { pk: this.userPk(username), sk: 'user' },
          UpdateExpression: 'SET failedLogins = :z, lockedUntil = :l',
          // A concurrent attempt may have locked it already: the first lock's end stands.
          ConditionExpression: NOT_LOCKED,
          ExpressionAttributeValues: { ':z': 0, ':l': epochSeconds() + LOCK_SECONDS, ':now': epochSeconds() },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

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

  /**
   * An access token as Cognito's (claims and lifetime), and a refresh token on sign-in. Like
   * Cognito's, `auth_time` is the sign-in's: a refreshed token keeps it (`authTime`).
   */
  async issueTokens(user: U, username: string, originJti: string, withRefresh: boolean, authTime: number = epochSeconds()): Promise<Tokens> {
    const now = epochSeconds();
    const accessToken = signJwt(this.o.key, {
      sub: user.sub,
      iss: this.o.issuer,
      client_id: this.o.clientId,
      origin_jti: originJti,
      event_id: randomUUID(),
      token_use: 'access',
      ...(this.o.scope ? { scope: this.o.scope } : {}),
      auth_time: authTime,
      iat: now,
      exp: now + this.o.accessTokenTtlSeconds,
      jti: randomUUID(),
      username,
      ...(user.groups?.length ? { 'cognito:groups': user.groups } : {}),
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
    const out = await dynamoClient().send(
      new GetCommand({ TableName: this.o.table, Key: { pk: `${this.o.prefixes.refresh}#${hashed(refreshToken)}`, sk: 'refresh' } }),
    );
    const item = out.Item as RefreshItem | undefined;
    if (!item || item.expiresAt <= epochSeconds()) throw invalid();
    const user = await this.getUser(item.username);
    if (!user || user.sub !== item.sub) throw invalid();
    if (user.disabled) throw new IdentityError('NotAuthorizedException', 'User is disabled.');
    const revoked = item.revokedAt !== undefined || (user.signedOutAt !== undefined && item.issuedAt <= user.signedOutAt);
    if (revoked) throw new IdentityError('NotAuthorizedException', 'Refresh Token has been revoked');
    return this.issueTokens(user, item.username, item.originJti, false, Math.floor(item.issuedAt / 1000));
  }

  /** RevokeToken: ends the one session of this refresh token; an unknown token is not an error (as Cognito). */
  async revokeToken(refreshToken: string): Promise<void> {
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(refreshToken)) return;
    try {
      await dynamoClient().send(
        new UpdateCommand({
          TableName: this.o.table,
          Key: { pk: `${this.o.prefixes.refresh}#${hashed(refreshToken)}`, sk: 'refresh' },
          UpdateExpression: 'SET revokedAt = :t',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':t': Date.now() },
        }),
      );
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
    }
  }

  /**
   * The user of an access token, as Cognito checks it for a token-authorised user operation:
   * signed by this pool, for its client, unexpired and not signed out (NotAuthorizedException),
   * and carrying the user-admin scope ("Access Token does not have required scopes").
   */
  async userOfToken(accessToken: string): Promise<{ user: U; username: string }> {
    const claims = this.verifiedClaims(accessToken);
    const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ') : [];
    if (!scopes.includes(USER_ADMIN_SCOPE)) throw new IdentityError('NotAuthorizedException', 'Access Token does not have required scopes');
    const username = typeof claims.username === 'string' ? claims.username : '';
    const user = username ? await this.getUser(username) : undefined;
    if (!user || user.sub !== claims.sub) throw new IdentityError('NotAuthorizedException', 'Invalid Access Token');
    if (user.signedOutAt !== undefined && Number(claims.iat) * 1000 <= user.signedOutAt) {
      throw new IdentityError('NotAuthorizedException', 'Access Token has been revoked');
    }
    return { user, username };
  }

  /** The claims of an access token this pool signed, for its client, still valid; NotAuthorizedException otherwise. */
  private verifiedClaims(accessToken: string): Record<string, unknown> {
    const invalid = () => new IdentityError('NotAuthorizedException', 'Invalid Access Token');
    const [header, payload, signature] = accessToken.split('.');
    if (!header || !payload || !signature) throw invalid();
    const signed = verify('RSA-SHA256', Buffer.from(`${header}.${payload}`), createPublicKey(this.o.key.privateKey), Buffer.from(signature, 'base64url'));
    if (!signed) throw invalid();
    let claims: Record<string, unknown>;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    } catch {
      throw invalid();
    }
    if (claims.iss !== this.o.issuer || claims.client_id !== this.o.clientId || claims.token_use !== 'access') throw invalid();
    if (typeof claims.exp !== 'number' || claims.exp <= epochSeconds()) throw new IdentityError('NotAuthorizedException', 'Access Token has expired');
    return claims;
  }

  /** GlobalSignOut with the user's own access token: as Cognito, only a token with the user-admin scope may. */
  async globalSignOut(accessToken: string): Promise<void> {
    const { username } = await this.userOfToken(accessToken);
    await this.signOutEverywhere(username);
  }

  /** Refresh tokens issued before now renew nothing any more (GlobalSignOut, AdminUserGlobalSignOut). */
  async signOutEverywhere(username: string): Promise<void> {
    await this.updateUser(username, 'SET signedOutAt = :t', { ':t': Date.now() });
  }
}
