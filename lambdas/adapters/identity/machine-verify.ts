/**
 * Verifies a student information system's bearer token: an access token of the machine pool
 * (signature, issuer, expiry, `token_use`), from the client-credentials grant. Which client it
 * names and whether that client may still call is the middleware's question
 * (domain/sis/machine-call.ts). An applicant's or a staff token is no machine token: their
 * pools' issuers differ in AWS, and locally, where one provider signs all three, they carry no
 * `scope` of the API and name their own pool's client, which is no machine client.
 */
import { JwtExpiredError } from 'aws-jwt-verify/error';
import type { MachineClaims } from '#domain/ports/sis-clients';
import { config, onConfigChange } from '#lambdas/config';
import { poolJwtVerifier, type PoolTokens } from './verifier';

export type MachineVerifyResult = { ok: true; claims: MachineClaims } | { ok: false; expired: boolean };

let verifier: ReturnType<typeof poolJwtVerifier> | undefined;
onConfigChange(() => (verifier = undefined));

let localTokens: PoolTokens['local'];

/** The local stack's provider signs the machine tokens too (local/identity/machine-tokens.ts). */
export function trustLocalMachineTokens(tokens: PoolTokens['local']): void {
  localTokens = tokens;
  verifier = undefined;
}

export async function verifyMachineToken(token: string): Promise<MachineVerifyResult> {
  verifier ??= poolJwtVerifier({ poolId: config().sisUserPoolId, ...(localTokens ? { local: localTokens } : {}) }, (payload) => {
    if (typeof payload.client_id !== 'string' || typeof payload.scope !== 'string') throw new Error('not a client-credentials token');
  });
  try {
    const payload = await verifier.verify(token);
    if (typeof payload.client_id !== 'string' || typeof payload.scope !== 'string' || typeof payload.exp !== 'number') return { ok: false, expired: false };
    return { ok: true, claims: { client_id: payload.client_id, scopes: payload.scope.split(' ').filter(Boolean), exp: payload.exp } };
  } catch (error) {
    return { ok: false, expired: error instanceof JwtExpiredError };
  }
}
