/**
 * Staff sessions: their own cookies (`StaffSession.*`, Path=/staff, so the browser never sends
 * them to the applicant's /api and the applicant's SPA never sees them), verified against the
 * staff pool only. Sign-out is recorded like an applicant's, under the staff member's own key.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Unauthorized } from '../domain/errors';
import { staffIdentity, verifyStaffAccessToken } from '../adapters/identity/staff';
import type { AccessClaims, Tokens } from '../adapters/identity/types';
import { readSessionCached } from '../adapters/store/status-store';
import { log } from '../adapters/log';
import { config } from '../config';
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

/** Where a staff member's sign-outs are recorded in the status table: never an applicant's key. */
export const staffSessionKey = (sub: string) => `staff#${sub}`;

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
 * renewed with the refresh token (new cookies returned); a signed-out session is refused.
 */
export async function authenticateStaff(event: APIGatewayProxyEventV2): Promise<{ staff: StaffMember; setCookies: string[] }> {
  if (isAmbiguous(event, STAFF_COOKIE.access) || isAmbiguous(event, STAFF_COOKIE.refresh)) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const jar = readCookies(event);
  let accessToken = jar[STAFF_COOKIE.access];
  const refreshToken = jar[STAFF_COOKIE.refresh];
  const setCookies: string[] = [];
  let claims: AccessClaims | undefined;
  if (accessToken) {
    const result = await verifyStaffAccessToken(accessToken);
    if (result.ok) claims = result.claims;
    else if (!result.expired) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  }
  if (!claims && refreshToken) {
    try {
      const tokens = await staffIdentity().refresh(refreshToken);
      const result = await verifyStaffAccessToken(tokens.accessToken);
      if (result.ok) {
        claims = result.claims;
        accessToken = tokens.accessToken;
        setCookies.push(...staffSessionCookies(tokens));
      }
    } catch (error) {
      log.info('staff refresh refused', { error });
    }
  }
  if (!claims || !accessToken) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const session = await readSessionCached(staffSessionKey(claims.sub));
  if (session.signedOutAt !== undefined && claims.iat < session.signedOutAt) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  if (claims.origin_jti && session.revoked.includes(claims.origin_jti)) throw new Unauthorized(STAFF_SIGNED_OUT_MESSAGE);
  const staff: StaffMember = { sub: claims.sub, email: claims.username.toLowerCase(), accessToken };
  if (claims.origin_jti) staff.sessionId = claims.origin_jti;
  return { staff, setCookies };
}
