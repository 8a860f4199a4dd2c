/**
 * The student information system's machine clients (OAuth 2.0 client credentials): who each is,
 * what it may do, until when, and whether it was revoked. The secret is kept only as a hash.
 * Adapter: adapters/store/sis-clients-store.ts (the status table's `sis-clients` partition).
 */
import type { SisScope } from '#form/wire/sis';

/** The rate limiter's scope of the machine clients' counters (one counter a client and minute; lambdas/routes.ts grants it). */
export const SIS_RATE_SCOPE = 'sis';

export interface SisClientRecord {
  /** The OAuth client id: what a token's `client_id` names. */
  id: string;
  /** The name an admin gave it, unique: the actor of its calls in the office's access record. */
  name: string;
  scopes: SisScope[];
  createdAt: string;
  /** The last day it may be used (YYYY-MM-DD, UTC), if it has one. */
  expires?: string;
  lastUsedAt?: string;
  revokedAt?: string;
  /** `scrypt$<salt>$<hash>`: the secret itself is shown once, at creation, and never kept. */
  secretHash: string;
}

export interface SisClientStore {
  /** Adds a client; false when one already has its name. */
  createClient(client: SisClientRecord): Promise<boolean>;
  readClient(id: string): Promise<SisClientRecord | undefined>;
  listClients(): Promise<SisClientRecord[]>;
  /** Marks the client revoked (once: a second revocation keeps the first time). */
  revokeClient(id: string, at: string): Promise<void>;
  markUsed(id: string, at: string): Promise<void>;
}

/** A machine's token as the middleware found it verified (signature, issuer, expiry, `token_use`). */
export interface MachineClaims {
  client_id: string;
  /** The token's scopes as it carries them (`sis/applications.read`). */
  scopes: string[];
  exp: number;
}
