/**
 * The student information system's machine clients (OAuth 2.0 client credentials): who each is,
 * what it may do, until when, and whether it was revoked. The secret is kept only as a hash.
 * Adapter: adapters/store/sis-clients-store.ts (the status table's `sis-clients` partition).
 */
import type { SisScope } from '#form/wire/sis';
import type { SisClientSummary } from '#form/wire/sis-clients';

/** The rate limiter's scope of the machine clients' counters (one counter a client and minute; lambdas/routes.ts grants it). */
export const SIS_RATE_SCOPE = 'sis';

/** A client as an admin sees it (form/wire/sis-clients.ts), with what only the server keeps. */
export interface SisClientRecord extends SisClientSummary {
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

/**
 * Where a client's credentials come from: locally an id and a secret the local token endpoint
 * checks against the record; in AWS an app client of the machine pool (Cognito makes both), so
 * Cognito's token endpoint refuses a withdrawn client at once. Adapters: wiring/sis-clients.ts.
 */
export interface SisCredentialIssuer {
  issue(name: string, scopes: readonly SisScope[]): Promise<{ id: string; secret: string }>;
  withdraw(id: string): Promise<void>;
}

/** A machine's token as the middleware found it verified (signature, issuer, expiry, `token_use`). */
export interface MachineClaims {
  client_id: string;
  /** The token's scopes as it carries them (`sis/applications.read`). */
  scopes: string[];
  exp: number;
}
