/**
 * GET /staff/api/logout: ends the staff member's session whatever state its tokens are in. The
 * session is the one the access token proves, or the one an expired access token's refresh
 * token still opens; it is revoked at the provider and in its record, and the sign-out is
 * recorded. With no live session nothing is written (the route still clears the cookies).
 */
import type { SignInAudit } from '../ports/audit';
import { staffSessionKey } from '../ports/keys';
import { endSession, renewSession, type SessionRenewal, type SignOutPorts } from '../session';

/** A signed-in staff member as the access token proves them. */
export interface StaffSession {
  sub: string;
  email: string;
  sessionId?: string | undefined;
  accessToken: string;
}

export interface StaffSignOutPorts extends SignOutPorts {
  /** The staff member the request's access token proves; throws when it proves none. */
  authenticated(): Promise<StaffSession>;
  /** The staff pool's renewal (a refresh token's new tokens, verified against the pool). */
  renewal: SessionRenewal;
  audit: SignInAudit;
}

/** The session to end: the verified one, or the one an expired access token's refresh token still opens. */
async function sessionToEnd(ports: StaffSignOutPorts, refreshToken: string | undefined): Promise<StaffSession | undefined> {
  const staff = await ports.authenticated().catch(() => undefined);
  if (staff) return staff;
  const tokens = await renewSession(ports.renewal, refreshToken).catch(() => undefined);
  if (!tokens) return undefined;
  const verified = await ports.renewal.verify(tokens.accessToken);
  return verified.ok
    ? { sub: verified.claims.sub, email: verified.claims.username.toLowerCase(), sessionId: verified.claims.origin_jti, accessToken: tokens.accessToken }
    : undefined;
}

/** A live session is revoked (refresh and access token) and its end recorded; true when there was one. */
export async function staffSignOut(ports: StaffSignOutPorts, refreshToken: string | undefined): Promise<boolean> {
  const staff = await sessionToEnd(ports, refreshToken);
  if (!staff) return false;
  await endSession(ports, { owner: staffSessionKey(staff.sub), sessionId: staff.sessionId, accessToken: staff.accessToken });
  await ports.audit(staff.email, 'sign-out');
  return true;
}
