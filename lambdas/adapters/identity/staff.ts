/**
 * Which staff identity provider and staff token verifier this process uses: the staff Cognito
 * pool in AWS, the embedded provider's staff users locally (registered by the stack). Staff
 * tokens are verified against the staff pool and the staff client only, so an applicant's token
 * (other pool, other client) never opens a staff route, and a staff token no applicant route.
 */
import { JwtRsaVerifier } from 'aws-jwt-verify';
import { JwtExpiredError } from 'aws-jwt-verify/error';
import type { Jwks } from 'aws-jwt-verify/jwk';
import { config, onConfigChange } from '../../config';
import { StaffCognitoIdentity } from './staff-cognito';
import type { StaffIdentityProvider } from './staff-types';
import type { AccessClaims } from './types';

export * from './staff-types';

interface LocalStaffRegistration {
  provider: StaffIdentityProvider;
  issuer: string;
  jwks: Jwks;
}

let local: LocalStaffRegistration | undefined;
let cognito: StaffCognitoIdentity | undefined;
let verifier: ReturnType<typeof createVerifier> | undefined;

onConfigChange(() => {
  cognito = undefined;
  verifier = undefined;
});

export function registerLocalStaffIdentity(registration: LocalStaffRegistration): void {
  local = registration;
  verifier = undefined;
}

export function staffIdentity(): StaffIdentityProvider {
  if (config().identityProvider === 'local') {
    if (!local) throw new Error('IDENTITY_PROVIDER=local but no local staff identity provider is registered');
    return local.provider;
  }
  cognito ??= new StaffCognitoIdentity();
  return cognito;
}

function createVerifier() {
  const c = config();
  const clientId = c.staffUserPoolClientId;
  const issuer =
    c.identityProvider === 'local'
      ? (local?.issuer ?? 'unregistered-local-issuer')
      : `https://cognito-idp.${c.region}.amazonaws.com/${c.staffUserPoolId}`;
  const v = JwtRsaVerifier.create({
    issuer,
    audience: null,
    jwksUri: `${issuer}/.well-known/jwks.json`,
    customJwtCheck: ({ payload }) => {
      if (payload.token_use !== 'access') throw new Error('not an access token');
      if (payload.client_id !== clientId) throw new Error('token issued for another client');
    },
  });
  if (c.identityProvider === 'local' && local) v.cacheJwks(local.jwks);
  return v;
}

export type StaffVerifyResult = { ok: true; claims: AccessClaims } | { ok: false; expired: boolean };

/** Verifies a staff access token (signature, issuer, staff client, expiry). Never throws for bad tokens. */
export async function verifyStaffAccessToken(token: string): Promise<StaffVerifyResult> {
  verifier ??= createVerifier();
  try {
    const payload = await verifier.verify(token);
    if (typeof payload.sub !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number' || typeof payload.username !== 'string') {
      return { ok: false, expired: false };
    }
    const claims: AccessClaims = { sub: payload.sub, username: payload.username, iat: payload.iat, exp: payload.exp };
    if (typeof payload.origin_jti === 'string') claims.origin_jti = payload.origin_jti;
    return { ok: true, claims };
  } catch (error) {
    return { ok: false, expired: error instanceof JwtExpiredError };
  }
}
