/**
 * The token endpoint's decision (POST /oauth2/token, the client-credentials grant), as Cognito's
 * pool domain answers it: the client authenticated by HTTP Basic (id:secret), the grant type
 * `client_credentials`, and the scopes asked (`sis/<scope>`, space-separated; none asked is every
 * scope the client holds). Refusals are OAuth 2.0's: `{error}` with 400 or 401. The local identity
 * provider signs the token this grants (local/identity/machine-tokens.ts); in AWS Cognito does all of it.
 */
import { SIS_RESOURCE_SERVER, tokenScope } from '#form/wire/sis';
import type { SisClientRecord, SisClientStore } from '../ports/sis-clients';
import { clientSecretMatches } from './client-secret';
import { clientRefusal } from './clients';

export type OAuthError = 'invalid_request' | 'invalid_client' | 'invalid_scope' | 'unsupported_grant_type';

export type TokenDecision = { ok: true; client: SisClientRecord; scope: string } | { ok: false; status: 400 | 401; error: OAuthError };

export interface TokenRequest {
  /** The Authorization header as sent. */
  authorization?: string;
  /** The application/x-www-form-urlencoded body's fields. */
  form: URLSearchParams;
}

/** `Basic base64(id:secret)`, or undefined for anything else. */
export function basicCredentials(authorization: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization?.trim() ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) };
}

const refuse = (status: 400 | 401, error: OAuthError): TokenDecision => ({ ok: false, status, error });

export async function decideTokenRequest(clients: Pick<SisClientStore, 'readClient'>, request: TokenRequest, now: Date): Promise<TokenDecision> {
  const grant = request.form.get('grant_type');
  if (!grant) return refuse(400, 'invalid_request');
  if (grant !== 'client_credentials') return refuse(400, 'unsupported_grant_type');
  let credentials: { id: string; secret: string } | undefined;
  try {
    credentials = basicCredentials(request.authorization);
  } catch {
    credentials = undefined;
  }
  if (!credentials) return refuse(401, 'invalid_client');
  const client = await clients.readClient(credentials.id);
  // One answer for an unknown client, a wrong secret, a revoked or an expired one: nothing tells them apart.
  if (!client || !(await clientSecretMatches(credentials.secret, client.secretHash)) || clientRefusal(client, now)) return refuse(401, 'invalid_client');
  const held = client.scopes.map(tokenScope);
  const asked = (request.form.get('scope') ?? '').split(' ').filter(Boolean);
  if (asked.some((s) => !s.startsWith(`${SIS_RESOURCE_SERVER}/`) || !held.includes(s))) return refuse(400, 'invalid_scope');
  return { ok: true, client, scope: (asked.length > 0 ? [...new Set(asked)] : held).join(' ') };
}
