/**
 * Sessions: whether a verified token still belongs to a live session, and renewing the tokens
 * of one with its refresh token (the refresh routes, which the browser calls on a 401).
 */
import { Unauthorized } from './errors';
import type { AccessClaims, Tokens, VerifyResult } from './ports/identity';
import type { SessionItem } from './ports/status';

/** Tokens issued before the last sign-out, or belonging to a signed-out session, are refused. */
export function sessionEnded(session: SessionItem, claims: AccessClaims): boolean {
  if (session.signedOutAt !== undefined && claims.iat < session.signedOutAt) return true;
  return claims.origin_jti !== undefined && session.revoked.includes(claims.origin_jti);
}

export interface SessionRenewal {
  /** REFRESH_TOKEN_AUTH at the pool's provider; throws when the token is unknown or revoked. */
  refresh(refreshToken: string): Promise<Tokens>;
  verify(accessToken: string): Promise<VerifyResult>;
  /** The session record of the token's owner (the applicant's, or a staff member's own key). */
  readSession(claims: AccessClaims): Promise<SessionItem>;
  /** Keeps the session alive; throws Unauthorized when it sat idle or outlived its lifetime (session-activity.ts). */
  keepAlive(claims: AccessClaims): Promise<void>;
  /** Revokes the refresh token at the provider (RevokeToken), best effort. */
  revoke(refreshToken: string): Promise<void>;
}

/**
 * New tokens for a live session, or Unauthorized (with the pool's signed-out message) when there
 * is no refresh token, the provider refuses it, or the session was signed out or revoked. A
 * session that sat idle or outlived its lifetime is refused with keepAlive's message, and its
 * refresh token is revoked at the provider, so it renews nothing anywhere from then on.
 */
export async function renewSession(
  ports: SessionRenewal,
  refreshToken: string | undefined,
  refused: () => Unauthorized = () => new Unauthorized(),
): Promise<Tokens> {
  if (!refreshToken) throw refused();
  let tokens: Tokens;
  try {
    tokens = await ports.refresh(refreshToken);
  } catch {
    throw refused();
  }
  const verified = await ports.verify(tokens.accessToken);
  if (!verified.ok) throw new Error('the identity provider issued a token that does not verify');
  if (sessionEnded(await ports.readSession(verified.claims), verified.claims)) throw refused();
  try {
    await ports.keepAlive(verified.claims);
  } catch (error) {
    await ports.revoke(refreshToken);
    throw error;
  }
  return tokens;
}

/** A live session to end: its owner's key in the session record, which sign-in, and its access token. */
export interface LiveSession {
  /** The applicant's sub, or a staff member's own key (staff#<sub>). */
  owner: string;
  sessionId?: string | undefined;
  accessToken: string;
}

export interface SignOutPorts {
  /** Revokes every refresh token of the access token's user at the provider. */
  globalSignOut(accessToken: string): Promise<void>;
  /** The provider's sign-out failed (logged): the local revocation still ends the session. */
  signOutFailed(error: unknown): void;
  /** Tokens of the session, and every token issued before `atSeconds`, are refused from then on. */
  recordSignOut(owner: string, sessionId: string | undefined, atSeconds: number): Promise<void>;
}

/** Revokes the session at the provider (best effort), then in the session record. */
export async function endSession(ports: SignOutPorts, session: LiveSession): Promise<void> {
  try {
    await ports.globalSignOut(session.accessToken);
  } catch (error) {
    // The local revocation below still ends the session for this API.
    ports.signOutFailed(error);
  }
  await ports.recordSignOut(session.owner, session.sessionId, Math.floor(Date.now() / 1000));
}
