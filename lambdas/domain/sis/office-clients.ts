/**
 * The console's screen of the machine clients (an admin's): what `npm run sis` does, with the
 * admin's access record. A new client and a revocation are recorded before they are made (as
 * every office write), the record naming the client and its scopes, never its secret.
 */
import type { SisClientMade, SisClientsReply } from '#form/wire/sis-clients';
import { NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import { addSisClient, checkNewClient, listSisClients, revokeSisClient, type ClientPorts, type NewSisClient, type SisClientView } from './clients';

export interface OfficeClientPorts extends ClientPorts {
  audit: StaffAudit;
  /** Where the clients ask for tokens: the local stack's /oauth2/token, or the machine pool's domain in AWS. */
  tokenEndpoint: string;
}

export async function listClientsForOffice(ports: Pick<OfficeClientPorts, 'clients' | 'tokenEndpoint'>): Promise<SisClientsReply> {
  return { clients: await listSisClients(ports.clients), token_endpoint: ports.tokenEndpoint };
}

export async function addClientForOffice(ports: OfficeClientPorts, input: NewSisClient, now: Date): Promise<SisClientMade> {
  // Refused input is no change, so it is not recorded: the rules are checked before the record.
  const checked = checkNewClient(input, now);
  await ports.audit({
    action: 'sis-client',
    detail: { name: checked.name, scopes: checked.scopes.join(', '), ...(checked.expires ? { expires: checked.expires } : {}) },
  });
  const made = await addSisClient(ports, input, now);
  return { ...made, token_endpoint: ports.tokenEndpoint };
}

export async function revokeClientForOffice(ports: OfficeClientPorts, id: string, now: Date): Promise<{ client: SisClientView }> {
  const client = (await ports.clients.listClients()).find((c) => c.id === id);
  if (!client) throw new NotFound('There is no client with that id.');
  if (!client.revokedAt) await ports.audit({ action: 'sis-client.revoke', detail: { name: client.name } });
  return { client: await revokeSisClient(ports, { id }, now) };
}
