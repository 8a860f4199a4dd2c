/**
 * Staff sessions: their own cookies (`StaffSession.*`, Path=/staff, so the browser never sends
 * them to the applicant's /api and the applicant's SPA never sees them), verified against the
 * staff pool only. Sign-out is recorded like an applicant's, under the staff member's own key.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { verifyStaffAccessToken } from '#adapters/identity/staff-verify';
import { sessionActivity } from '#adapters/store/session-activity-store';
import { readSessionCached } from '#adapters/store/status-store';
import { Forbidden, Unauthorized } from '#domain/errors';
import type { Tokens } from '#domain/ports/identity';
import { staffSessionKey } from '#domain/ports/keys';
import { sessionEnded } from '#domain/session';
import { keepSessionAlive } from '#domain/session-activity';
import { STAFF_ENDED, STAFF_SIGNED_OUT_MESSAGE } from '#domain/staff/session-key';
import { NO_ROLE_REFUSAL, roleOfGroups, roleRefusal, type StaffRole } from '#form/wire/roles';
import { config, sessionLimits } from '#lambdas/config';
import { isAmbiguous, readCookies } from './cookies';

export const STAFF_COOKIE = { access: 'StaffSession.accessToken', refresh: 'StaffSession.refreshToken', marker: 'StaffSession.loggedIn' } as const;
export { STAFF_SIGNED_OUT_MESSAGE };

export interface StaffMember {
  sub: string;
  /** The staff member's e-mail (the staff pool's usernames are e-mail addresses): the audit's "who". */
  email: string;
  sessionId?: string;
  accessToken: string;
  /** From the token's groups (form/wire/roles.ts): what the route table lets this member do. */
  role: StaffRole;
}

export { staffSessionKey };

/** Session cookies (no Max-Age: they end with the browser) or, with `clear`, their removal. */
function attributes(httpOnly: boolean, clear = false): string {
  const origin = config().publicOrigin;
  const secure = !origin.startsWith('http://localhost') && !origin.startsWith('http://127.0.0.1');
  return ['Path=/staff', clear ? 'Max-Age=0' : '', 'SameSite=Strict', httpOnly ? 'HttpOnly' : '', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

export function staffSessionCookies(tokens: Tokens): string[] {
  const cookies = [`${STAFF_COOKIE.access}=${tokens.accessToken}; ${attributes(true)}`, `${STAFF_COOKIE.marker}=1; ${attributes(false)}`];
  if (tokens.refreshToken) cookies.push(`${STAFF_COOKIE.refresh}=${tokens.refreshToken}; ${attributes(true)}`);
  return cookies;
}

export function clearedStaffCookies(): string[] {
  return [
    `${STAFF_COOKIE.access}=; ${attributes(true, true)}`,
    `${STAFF_COOKIE.refresh}=; ${attributes(true, true)}`,
    `${STAFF_COOKIE.marker}=; ${attributes(false, true)}`,
  ];
}

/**
 * The staff member of a request, from the staff cookies only. An expired access token is
 * refused (401): the console renews it at POST /staff/api/refresh and retries. A signed-out
 * session is refused, and so is one idle past the staff timeout or older than its lifetime; a
 * member without a role is refused (403), and with `allowed`, a role outside it.
 */
export async function authenticateStaff(event: APIGatewayProxyEventV2, allowed?: readonly StaffRole[]): Promise<StaffMember> {
  if (isAmbiguous(event, STAFF_COOKIE.access)) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const accessToken = readCookies(event)[STAFF_COOKIE.access];
  if (!accessToken) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const verified = await verifyStaffAccessToken(accessToken);
  if (!verified.ok) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const { claims } = verified;
  if (sessionEnded(await readSessionCached(staffSessionKey(claims.sub)), claims)) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const role = roleOfGroups(claims.groups);
  // No role, or one the route does not allow, is refused before anything is written, the session's activity mark included.
  if (!role) throw new Forbidden(NO_ROLE_REFUSAL);
  if (allowed && !allowed.includes(role)) throw new Forbidden(roleRefusal(role));
  await keepSessionAlive(sessionActivity, claims, staffSessionKey(claims.sub), sessionLimits('staff'), STAFF_ENDED);
  const staff: StaffMember = { sub: claims.sub, email: claims.username.toLowerCase(), accessToken, role };
  if (claims.origin_jti) staff.sessionId = claims.origin_jti;
  return staff;
}
