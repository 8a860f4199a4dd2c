import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { Unauthorized } from '../domain/errors';
import { identity, verifyAccessToken } from '../adapters/identity';
import type { AccessClaims } from '../adapters/identity/types';
import { readSessionCached } from '../adapters/store/status-store';
import { resolveToken } from '../adapters/store/tokens-store';
import { log } from '../adapters/log';
import { cookieNames, isAmbiguous, readCookies, sessionCookies } from './cookies';

export interface Applicant {
  /** The verified token's subject: the only identity any applicant route uses. */
  sub: string;
  username: string;
  /** The sign-in session (origin_jti), used to revoke exactly this session on logout. */
  sessionId?: string;
  accessToken: string;
}

export interface ServiceCaller {
  /** The one applicant whose data this service token may read. */
  sub: string;
}

/**
 * Verifies the session cookie. An expired access token is replaced transparently using the
 * refresh token (the new cookies are returned for the response). Tokens issued before the
 * applicant's last sign-out, or belonging to a signed-out session, are refused.
 */
export async function authenticateApplicant(event: APIGatewayProxyEventV2): Promise<{ applicant: Applicant; setCookies: string[] }> {
  const jar = readCookies(event);
  const names = cookieNames();
  if (isAmbiguous(event, names.access) || isAmbiguous(event, names.refresh)) throw new Unauthorized();
  let accessToken = jar[names.access];
  const refreshToken = jar[names.refresh];
  const setCookies: string[] = [];

  let claims: AccessClaims | undefined;
  if (accessToken) {
    const result = await verifyAccessToken(accessToken);
    if (result.ok) claims = result.claims;
    else if (!result.expired) throw new Unauthorized();
  }
  if (!claims && refreshToken) {
    try {
      const tokens = await identity().refresh(refreshToken);
      const result = await verifyAccessToken(tokens.accessToken);
      if (result.ok) {
        claims = result.claims;
        accessToken = tokens.accessToken;
        setCookies.push(...sessionCookies(tokens));
      }
    } catch (error) {
      log.info('refresh refused', { error });
    }
  }
  if (!claims || !accessToken) throw new Unauthorized();

  const session = await readSessionCached(claims.sub);
  if (session.signedOutAt !== undefined && claims.iat < session.signedOutAt) throw new Unauthorized();
  if (claims.origin_jti && session.revoked.includes(claims.origin_jti)) throw new Unauthorized();

  const applicant: Applicant = { sub: claims.sub, username: claims.username, accessToken };
  if (claims.origin_jti) applicant.sessionId = claims.origin_jti;
  return { applicant, setCookies };
}

/** A service token in the query: read-only access to one applicant's application. */
export async function authenticateService(event: APIGatewayProxyEventV2): Promise<ServiceCaller> {
  const token = event.queryStringParameters?.service_token;
  if (!token) throw new Unauthorized('A service token is required.');
  const grant = await resolveToken('service', token);
  if (!grant) throw new Unauthorized('The service token is invalid or has expired.');
  return { sub: grant.sub };
}
