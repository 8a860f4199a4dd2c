/**
 * The API Gateway authorizer of the student information system's routes (/sis/v1/, lib/api.ts):
 * admits a request whose bearer token is an access token of the machine pool (signature, issuer,
 * expiry, `token_use`: adapters/identity/machine-verify.ts) holding the scope its route declares
 * (form/wire/sis-endpoints.ts), so a forged, foreign or expired token, or one without the route's
 * scope, never runs the route's function. A Lambda authorizer rather than API Gateway's JWT
 * authorizer, which admits only the client ids listed in its audience at deploy time: a client
 * an admin makes in the console works at once (docs/decisions.md). The route's own middleware
 * then checks the client's record (revoked, expired), its rate and the scope again, and answers
 * those refusals in words.
 */
import type { APIGatewayRequestAuthorizerEventV2, APIGatewaySimpleAuthorizerResult } from 'aws-lambda';
import { verifyMachineToken } from '#adapters/identity/machine-verify';
import { tokenScope } from '#form/wire/sis';
import { sisEndpoints } from '#form/wire/sis-endpoints';

/** Each machine route's key as API Gateway names it (`GET /sis/v1/applications/{id}`), with the scope a token must hold. */
const SCOPE_BY_ROUTE = new Map<string, string>(
  Object.values(sisEndpoints).flatMap((e) => ('scope' in e && e.access === 'machine' ? [[`${e.method} ${e.path}`, tokenScope(e.scope)] as const] : [])),
);

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

export async function handler(event: Pick<APIGatewayRequestAuthorizerEventV2, 'routeKey' | 'headers'>): Promise<APIGatewaySimpleAuthorizerResult> {
  const scope = SCOPE_BY_ROUTE.get(event.routeKey);
  const token = BEARER.exec(event.headers?.authorization?.trim() ?? '')?.[1];
  if (!scope || !token) return { isAuthorized: false };
  const verified = await verifyMachineToken(token);
  return { isAuthorized: verified.ok && verified.claims.scopes.includes(scope) };
}
