/**
 * What the local applicant and staff pools answer alike: they differ in how a user signs up
 * and signs in, but a session is refreshed, signed out everywhere and revoked the same way in
 * both, from their own records (UserSessions keeps each pool's keys apart).
 */
import type { Tokens } from '#domain/ports/identity';
import type { Outbox } from '../outbox';
import type { SigningKey } from './keys';
import { UserSessions, type SessionUser, type UserSessionsOptions } from './user-sessions';

/** What the local stack gives either pool. */
export interface LocalPoolOptions {
  table: string;
  issuer: string;
  clientId: string;
  key: SigningKey;
  /** Where the pool's e-mails go (codes, links, invitations). */
  outbox: Outbox;
  /** The site origin, for links in e-mails. */
  origin: string;
  accessTokenTtlSeconds: number;
}

export abstract class LocalUserPool<U extends SessionUser> {
  protected readonly users: UserSessions<U>;

  protected constructor(sessions: UserSessionsOptions) {
    this.users = new UserSessions<U>(sessions);
  }

  protected getUser(username: string): Promise<U | undefined> {
    return this.users.getUser(username);
  }

  protected updateUser(username: string, expression: string, values: Record<string, unknown>, names?: Record<string, string>): Promise<void> {
    return this.users.updateUser(username, expression, values, names);
  }

  refresh(refreshToken: string): Promise<Tokens> {
    return this.users.refresh(refreshToken);
  }

  globalSignOut(accessToken: string): Promise<void> {
    return this.users.globalSignOut(accessToken);
  }

  revokeToken(refreshToken: string): Promise<void> {
    return this.users.revokeToken(refreshToken);
  }
}
