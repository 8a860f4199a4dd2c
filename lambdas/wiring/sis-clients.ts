/**
 * The machine clients' credentials and records, for the console's screen (an admin's routes) and
 * the local stack's control (`npm run sis` without --aws): in AWS an app client of the machine pool
 * per client (adapters/identity/sis-cognito.ts); locally an id and a secret made here, which the
 * local token endpoint checks against the record.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SisClientsCognito } from '#adapters/identity/sis-cognito';
import { sisClientStore } from '#adapters/store/sis-clients-store';
import type { SisCredentialIssuer } from '#domain/ports/sis-clients';
import { newClientId, newClientSecret } from '#domain/sis/client-secret';
import type { OfficeClientPorts } from '#domain/sis/office-clients';
import { config } from '#lambdas/config';
import type { StaffMember } from '#middleware/staff-session';
import { staffAudit } from './staff-audit';

/** The local token endpoint's credentials: nothing to withdraw, the record's revocation is what it reads. */
export const localCredentials: SisCredentialIssuer = {
  issue: () => Promise.resolve({ id: newClientId(), secret: newClientSecret() }),
  withdraw: () => Promise.resolve(),
};

export const sisCredentials = (): SisCredentialIssuer => (config().identityProvider === 'cognito' ? new SisClientsCognito() : localCredentials);

export function officeClientPorts(staff: StaffMember, event: APIGatewayProxyEventV2): OfficeClientPorts {
  return { clients: sisClientStore, issuer: sisCredentials(), audit: staffAudit(staff, event), tokenEndpoint: config().sisTokenEndpoint };
}
