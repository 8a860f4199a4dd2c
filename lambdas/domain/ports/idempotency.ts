/**
 * A machine client's idempotency keys: the first answer to a write kept under the client's key
 * with a hash of what was asked, for a day. Adapter: adapters/store/idempotency-store.ts (the
 * status table, one partition a client).
 */

/** What a key holds: the request's hash, and its answer once there is one (while none, a claim until `claimedUntil`). */
export interface IdempotencyEntry {
  requestHash: string;
  /** The first answer, as JSON. */
  answer?: string;
  /** Epoch ms: a claim without an answer is given up after this (its request's function stopped). */
  claimedUntil: number;
}

export interface IdempotencyStore {
  read(clientId: string, key: string): Promise<IdempotencyEntry | undefined>;
  /**
   * Claims the key for this request (a conditional put): false when the key holds an answer or a
   * claim still running. The entry expires at `expiresAt`.
   */
  claim(clientId: string, key: string, entry: Omit<IdempotencyEntry, 'answer'>, now: Date, expiresAt: Date): Promise<boolean>;
  /** Keeps the answer under the key this request claimed. */
  keep(clientId: string, key: string, entry: IdempotencyEntry & { answer: string }, expiresAt: Date): Promise<void>;
  /** Gives the claim up (the request was refused: nothing was written), so the key can be sent again. */
  release(clientId: string, key: string, requestHash: string): Promise<void>;
}
