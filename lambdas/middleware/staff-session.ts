/**
 * Staff sessions: their own cookies (`StaffSession.*`, Path=/staff, so the browser never sends
 * them to the applicant's /api and the applicant's SPA never sees them), verified against the
 * staff pool only. Sign-out is recorded like an applicant's, under the staff member's own key.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Unauthorized } from '#domain/errors';
import { verifyStaffAccessToken } from '#adapters/identity/staff-verify';
import type { Tokens } from '#domain/ports/identity';
import { sessionEnded } from '#domain/session';
import { staffSessionKey } from '#domain/staff/session-key';
import { readSessionCached } from '#adapters/store/status-store';
import { config } from '#lambdas/config';
import { isAmbiguous, readCookies } from './cookies';

export const STAFF_COOKIE = { access: 'StaffSession.accessToken', refresh: 'StaffSession.refreshToken', marker: 'StaffSession.loggedIn' } as const;
/** The staff pool's refresh tokens live a working day; the access token 15 minutes. */
export const STAFF_SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;
export const STAFF_SIGNED_OUT_MESSAGE = 'Your staff session has ended. Please sign in again.';

export interface StaffMember {
  sub: string;
  /** The staff member's e-mail (the staff pool's usernames are e-mail addresses): the audit's "who". */
  email: string;
  sessionId?: string;
  accessToken: string;
}

export { staffSessionKey };

function attributes(maxAge: number, httpOnly: boolean): string {
  const origin = config().publicOrigin;
  const secure = !origin.startsWith('http://localhost') && !origin.startsWith('http://127.0.0.1');
  return ['Path=/staff', `Max-Age=${maxAge}`, 'SameSite=Strict', httpOnly ? 'HttpOnly' : '', secure ? 'Secure' : ''].filter(Boolean).join('; ');
}

export function staffSessionCookies(tokens: Tokens): string[] {
  const cookies = [
    `${STAFF_COOKIE.access}=${tokens.accessToken}; ${attributes(STAFF_SESSION_MAX_AGE_SECONDS, true)}`,
    `${STAFF_COOKIE.marker}=1; ${attributes(STAFF_SESSION_MAX_AGE_SECONDS, false)}`,
  ];
  if (tokens.refreshToken) cookies.push(`${STAFF_COOKIE.refresh}=${tokens.refreshToken}; ${attributes(STAFF_SESSION_MAX_AGE_SECONDS, true)}`);
  return cookies;
}

export function clearedStaffCookies(): string[] {
  return [`${STAFF_COOKIE.access}=; ${attributes(0, true)}`, `${STAFF_COOKIE.refresh}=; ${attributes(0, true)}`, `${STAFF_COOKIE.marker}=; ${attributes(0, false)}`];
}

/**
 * The staff member of a request, from the staff cookies only. An expired access token is
 * refused (401): the console renews it at POST /staff/api/refresh and retries. A signed-out
 * session is refused.
 */
export async function authenticateStaff(event: APIGatewayProxyEventV2): Promise<StaffMember> {
  if (isAmbiguous(event, STAFF_COOKIE.access)) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const accessToken = readCookies(event)[STAFF_COOKIE.access];
  if (!accessToken) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const verified = await verifyStaffAccessToken(accessToken);
  if (!verified.ok) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const { claims } = verified;
  if (sessionEnded(await readSessionCached(staffSessionKey(claims.sub)), claims)) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const staff: StaffMember = { sub: claims.sub, email: claims.username.toLowerCase(), accessToken };
  if (claims.origin_jti) staff.sessionId = claims.origin_jti;
  return staff;
}
