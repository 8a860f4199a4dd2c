/**
 * The local stack's OAuth 2.0 token endpoint for machine clients, played as a Cognito user
 * pool's domain plays it: POST /oauth2/token, application/x-www-form-urlencoded, HTTP Basic with
 * the client id and secret, `grant_type=client_credentials` and the scopes asked. The decision is
 * the domain's (domain/sis/token-request.ts, on the clients the status table keeps); this signs
 * the access token as Cognito shapes a client-credentials one (its `sub` is the client id), with
 * the local provider's key, so the same client code works against both.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { epochSeconds } from '#adapters/store/keys';
import { sisClientStore } from '#adapters/store/sis-clients-store';
import { decideTokenRequest } from '#domain/sis/token-request';
import { readBody } from '../recommendations-dev';
import { signJwt, type SigningKey } from './keys';

export const TOKEN_PATH = '/oauth2/token';
/** Cognito's default lifetime of a client-credentials access token: an hour. */
const MACHINE_TOKEN_TTL = 60 * 60;

export interface MachineTokenIssuer {
  issuer: string;
  key: SigningKey;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8', 'cache-control': 'no-store', pragma: 'no-cache' });
  res.end(JSON.stringify(body));
}

/** Answers the token endpoint; false when the path is not it. */
export function handleTokenRequest(req: IncomingMessage, res: ServerResponse, path: string, o: MachineTokenIssuer): boolean {
  if (path !== TOKEN_PATH) return false;
  if (req.method !== 'POST') {
    res.setHeader('allow', 'POST');
    answer(res, 405, { error: 'invalid_request' });
    return true;
  }
  void (async () => {
    if (!/^application\/x-www-form-urlencoded\b/i.test(String(req.headers['content-type'] ?? ''))) return answer(res, 400, { error: 'invalid_request' });
    let form: URLSearchParams;
    try {
      form = new URLSearchParams(await readBody(req, 8192));
    } catch {
      return answer(res, 400, { error: 'invalid_request' });
    }
    const decision = await decideTokenRequest(sisClientStore, { authorization: req.headers.authorization, form }, new Date());
    if (!decision.ok) return answer(res, decision.status, { error: decision.error });
    const now = epochSeconds();
    const token = signJwt(o.key, {
      sub: decision.client.id,
      token_use: 'access',
      scope: decision.scope,
      auth_time: now,
      iss: o.issuer,
      exp: now + MACHINE_TOKEN_TTL,
      iat: now,
      version: 2,
      jti: randomUUID(),
      client_id: decision.client.id,
    });
    answer(res, 200, { access_token: token, expires_in: MACHINE_TOKEN_TTL, token_type: 'Bearer' });
  })().catch(() => {
    if (!res.headersSent) answer(res, 500, { error: 'server_error' });
  });
  return true;
}
