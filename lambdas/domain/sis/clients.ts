/**
 * The office's machine clients (issue 38): made by an admin with `npm run sis -- add-client`,
 * listed, revoked. The rules: a name of letters, digits and `._-`, unique; at least one of the
 * API's scopes; an expiry day, if any, not already past; the secret shown once and kept hashed.
 */
import { isSisScope, SIS_SCOPES, type SisScope } from '#form/wire/sis';
import { Invalid, NotFound } from '../errors';
import type { SisClientRecord, SisClientStore } from '../ports/sis-clients';
import { hashClientSecret } from './client-secret';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface NewSisClient {
  name: string;
  scopes: readonly string[];
  expires?: string;
}

/** A client as an admin reads it: never its secret or its hash. */
export type SisClientView = Omit<SisClientRecord, 'secretHash'>;

export interface AddClientPorts {
  clients: Pick<SisClientStore, 'createClient'>;
  newId(): string;
  newSecret(): string;
}

/** True for a real calendar day (2026-02-30 is not one). */
function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The client's last moment: the end of its expiry day, UTC. */
const endOfDay = (day: string): number => Date.parse(`${day}T23:59:59.999Z`);

export function checkNewClient(input: NewSisClient, now: Date): { name: string; scopes: SisScope[]; expires?: string } {
  const name = input.name.trim();
  if (!NAME.test(name)) throw new Invalid('A client name is 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit.');
  if (input.scopes.length === 0) throw new Invalid(`Give the client at least one scope: ${SIS_SCOPES.join(', ')}.`);
  const unknown = input.scopes.filter((s) => !isSisScope(s));
  if (unknown.length > 0) throw new Invalid(`${unknown.join(', ')} is not a scope of this API; the scopes are ${SIS_SCOPES.join(', ')}.`);
  const scopes = SIS_SCOPES.filter((s) => input.scopes.includes(s));
  if (input.expires === undefined) return { name, scopes };
  if (!isDay(input.expires)) throw new Invalid('The expiry is a day written YYYY-MM-DD.');
  if (endOfDay(input.expires) < now.getTime()) throw new Invalid(`The expiry ${input.expires} is already past.`);
  return { name, scopes, expires: input.expires };
}

/** Makes a client; its secret is in the answer and nowhere else. */
export async function addSisClient(ports: AddClientPorts, input: NewSisClient, now: Date): Promise<{ client: SisClientView; secret: string }> {
  const checked = checkNewClient(input, now);
  const secret = ports.newSecret();
  const record: SisClientRecord = { id: ports.newId(), ...checked, createdAt: now.toISOString(), secretHash: await hashClientSecret(secret) };
  if (!(await ports.clients.createClient(record))) throw new Invalid(`A client named ${checked.name} already exists.`);
  const { secretHash: _kept, ...client } = record;
  return { client, secret };
}

export const viewOf = ({ secretHash: _kept, ...client }: SisClientRecord): SisClientView => client;

export async function listSisClients(clients: Pick<SisClientStore, 'listClients'>): Promise<SisClientView[]> {
  return (await clients.listClients()).map(viewOf).sort((a, b) => a.name.localeCompare(b.name));
}

/** Revokes the client of this name: its next token request and, within the cache window, its tokens are refused. */
export async function revokeSisClient(clients: Pick<SisClientStore, 'listClients' | 'revokeClient'>, name: string, now: Date): Promise<SisClientView> {
  const client = (await clients.listClients()).find((c) => c.name === name);
  if (!client) throw new NotFound(`There is no client named ${name}.`);
  await clients.revokeClient(client.id, now.toISOString());
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
