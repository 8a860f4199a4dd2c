/**
 * The console's screen of the student information system's machine clients (an admin's): the
 * clients with their scopes, expiry, last use and revocation, a new one (its secret in this one
 * answer only) and a revocation. `npm run sis` does the same from a terminal. The rules of a
 * client (name, scopes, expiry day) are the domain's (lambdas/domain/sis/clients.ts), answered per
 * field so the form puts each message beside its field.
 */
import { InputError, bodyInput, rejectUnknownFields, requireObject } from './input';
import type { SisScope } from './sis';

/** A client as an admin sees it: never its secret or the secret's hash. */
export interface SisClientSummary {
  /** The OAuth client id: what the token request's and a token's `client_id` names. */
  id: string;
  /** The name an admin gave it, unique: the actor of its calls in the office's access record (`sis:<name>`). */
  name: string;
  scopes: SisScope[];
  createdAt: string;
  /** The last day it may be used (YYYY-MM-DD, UTC), if it has one. */
  expires?: string;
  lastUsedAt?: string;
  revokedAt?: string;
}

export interface SisClientsReply {
  clients: SisClientSummary[];
  /** Where the clients ask for tokens (POST, HTTP Basic, `grant_type=client_credentials`). */
  token_endpoint: string;
}

export interface SisClientMade {
  client: SisClientSummary;
  /** Shown this once: the server keeps only a hash. */
  secret: string;
  token_endpoint: string;
}

export interface NewSisClientRequest {
  name: string;
  scopes: string[];
  expires?: string;
}

/** A client's name: 1 to 64 letters, digits, dots, dashes or underscores, starting with a letter or digit (the server's rule and the console form's). */
export const SIS_CLIENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A client's id as Cognito and the local token endpoint make them: letters and digits. */
export const SIS_CLIENT_ID = /^[a-z0-9]{1,128}$/;

export const SIS_CLIENT_FIELD_MESSAGES = {
  name: 'Enter a name for the client, for example banner-production.',
  scopes: 'Choose at least one scope.',
  expires: 'Enter the expiry as a day, like 2027-06-30, or leave it empty.',
} as const;

/** The shape only (`{name, scopes: [...], expires?}`); the values' rules are the domain's. */
export function parseNewSisClient(raw: unknown): NewSisClientRequest {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['name', 'scopes', 'expires']);
  const { name, scopes, expires } = body;
  if (typeof name !== 'string' || !name.trim()) throw new InputError(SIS_CLIENT_FIELD_MESSAGES.name, { name: [SIS_CLIENT_FIELD_MESSAGES.name] });
  if (!Array.isArray(scopes) || scopes.some((s) => typeof s !== 'string') || scopes.length > 10)
    throw new InputError(SIS_CLIENT_FIELD_MESSAGES.scopes, { scopes: [SIS_CLIENT_FIELD_MESSAGES.scopes] });
  if (expires !== undefined && (typeof expires !== 'string' || expires.length > 10))
    throw new InputError(SIS_CLIENT_FIELD_MESSAGES.expires, { expires: [SIS_CLIENT_FIELD_MESSAGES.expires] });
  return { name: name.slice(0, 200), scopes: scopes as string[], ...(expires ? { expires } : {}) };
}

export const addSisClientInput = bodyInput<NewSisClientRequest>()(parseNewSisClient);
