/**
 * The office's machine clients (issue 38): made by an admin with `npm run sis -- add-client`,
 * listed, revoked. The rules: a name of letters, digits and `._-`, unique; at least one of the
 * API's scopes; an expiry day, if any, not already past; the secret shown once and kept hashed.
 */
import { isSisScope, SIS_SCOPES, type SisScope } from '#form/wire/sis';
import { SIS_CLIENT_NAME } from '#form/wire/sis-clients';
import { Conflict, Invalid, NotFound } from '../errors';
import type { SisClientRecord, SisClientStore, SisCredentialIssuer } from '../ports/sis-clients';
import { hashClientSecret } from './client-secret';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface NewSisClient {
  name: string;
  scopes: readonly string[];
  expires?: string;
}

/** A client as an admin reads it: never its secret or its hash. */
export type SisClientView = Omit<SisClientRecord, 'secretHash'>;

export interface ClientPorts {
  clients: Pick<SisClientStore, 'createClient' | 'listClients' | 'revokeClient'>;
  issuer: SisCredentialIssuer;
}

export const viewOf = ({ secretHash: _kept, ...client }: SisClientRecord): SisClientView => client;

/** True for a real calendar day (2026-02-30 is not one). */
function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The client's last moment: the end of its expiry day, UTC. */
const endOfDay = (day: string): number => Date.parse(`${day}T23:59:59.999Z`);

/** A refusal of one field of a new client, which the console's form shows beside that field. */
const refuse = (field: keyof NewSisClient, message: string) => new Invalid(message, { [field]: [message] });

export function checkNewClient(input: NewSisClient, now: Date): { name: string; scopes: SisScope[]; expires?: string } {
  const name = input.name.trim();
  if (!SIS_CLIENT_NAME.test(name))
    throw refuse('name', 'A client name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.');
  if (input.scopes.length === 0) throw refuse('scopes', `Give the client at least one scope: ${SIS_SCOPES.join(', ')}.`);
  const unknown = input.scopes.filter((s) => !isSisScope(s));
  if (unknown.length > 0) throw refuse('scopes', `${unknown.join(', ')} is not a scope of this API; the scopes are ${SIS_SCOPES.join(', ')}.`);
  const scopes = SIS_SCOPES.filter((s) => input.scopes.includes(s));
  if (input.expires === undefined) return { name, scopes };
  if (!isDay(input.expires)) throw refuse('expires', 'The expiry is a day written YYYY-MM-DD.');
  if (endOfDay(input.expires) < now.getTime()) throw refuse('expires', `The expiry ${input.expires} is already past.`);
  return { name, scopes, expires: input.expires };
}

/**
 * Makes a client; its secret is in the answer and nowhere else. The name is checked free before
 * credentials are issued, and credentials whose record cannot be kept are withdrawn again, so no
 * app client exists without its record (a name taken by a concurrent request loses here).
 */
export async function addSisClient(
  ports: Pick<ClientPorts, 'issuer'> & { clients: Pick<SisClientStore, 'createClient' | 'listClients'> },
  input: NewSisClient,
  now: Date,
): Promise<{ client: SisClientView; secret: string }> {
  const checked = checkNewClient(input, now);
  const taken = () => {
    const message = `A client named ${checked.name} already exists.`;
    const conflict = new Conflict(message);
    conflict.extra.errors = { name: [message] };
    return conflict;
  };
  if ((await ports.clients.listClients()).some((c) => c.name === checked.name)) throw taken();
  const { id, secret } = await ports.issuer.issue(checked.name, checked.scopes);
  const record: SisClientRecord = { id, ...checked, createdAt: now.toISOString(), secretHash: await hashClientSecret(secret) };
  let kept = false;
  try {
    kept = await ports.clients.createClient(record);
  } finally {
    if (!kept) await ports.issuer.withdraw(id);
  }
  if (!kept) throw taken();
  return { client: viewOf(record), secret };
}

export async function listSisClients(clients: Pick<SisClientStore, 'listClients'>): Promise<SisClientView[]> {
  return (await clients.listClients()).map(viewOf).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Revokes a client, found by its name (the command line) or its id (the console): its
 * credentials are withdrawn (AWS: its app client deleted, so its next token request is refused)
 * and its record marked, so its tokens already issued are refused within the cache window.
 */
export async function revokeSisClient(ports: ClientPorts, which: { name: string } | { id: string }, now: Date): Promise<SisClientView> {
  const client = (await ports.clients.listClients()).find((c) => ('id' in which ? c.id === which.id : c.name === which.name));
  if (!client) throw new NotFound('id' in which ? 'There is no client with that id.' : `There is no client named ${which.name}.`);
  if (!client.revokedAt) {
    await ports.clients.revokeClient(client.id, now.toISOString());
    await ports.issuer.withdraw(client.id);
  }
  return viewOf({ ...client, revokedAt: client.revokedAt ?? now.toISOString() });
}

/** Why a client may not be used now, in words; undefined when it may. */
export function clientRefusal(client: SisClientRecord | undefined, now: Date): string | undefined {
  if (!client) return 'The token names no client of this API: request a new one from the token endpoint.';
  if (client.revokedAt) return `The client ${client.name} was revoked: its tokens are no longer accepted.`;
  if (client.expires && endOfDay(client.expires) < now.getTime())
    return `The client ${client.name} expired on ${client.expires}: its tokens are no longer accepted.`;
  return undefined;
}
