/**
 * A machine's write done once per `Idempotency-Key` (the decision route): the key is claimed with a
 * hash of the request (a conditional write, so two copies sent at once cannot both run), the
 * write runs, and its answer is kept under the key for a day. The same key and request again
 * answer the first answer without writing again; the same key with another request is a 409; a
 * copy arriving while the first still runs is a 409 asking to retry. A refused request (400, 404,
 * 409 of the rules) keeps nothing: nothing was written, and the key may be sent again.
 */
import { createHash } from 'node:crypto';
import { Conflict } from '../errors';
import type { IdempotencyStore } from '../ports/idempotency';

export interface IdempotencyPorts {
  keys: IdempotencyStore;
  now(): Date;
}

export interface KeyedRequest {
  clientId: string;
  key: string;
  /** What was asked, path included: its hash tells a repeat from another request under the same key. */
  request: Record<string, unknown>;
}

/** How long a key's first answer is kept. */
export const KEY_KEPT_MS = 24 * 60 * 60 * 1000;
/** How long a claim without an answer holds the key before another copy may run (a function's timeout is shorter). */
export const CLAIM_MS = 60_000;

export const IDEMPOTENCY_TEXT = {
  otherRequest:
    'This Idempotency-Key was already used for a different request (another application, decision, note or reason). Use a new key for a new request; the same key only to retry the same one.',
  running: 'A request with this Idempotency-Key is still being answered. Wait a few seconds and send it again with the same key.',
} as const;

/** The request's hash: its fields sorted, absent and empty ones alike left out. */
export function requestHash(request: Record<string, unknown>): string {
  const fields = Object.entries(request)
    .filter(([, value]) => value !== undefined && value !== '')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  return createHash('sha256').update(JSON.stringify(fields)).digest('hex');
}

export async function onceForKey<T>(ports: IdempotencyPorts, keyed: KeyedRequest, write: () => Promise<T>): Promise<T> {
  const { clientId, key } = keyed;
  const hash = requestHash(keyed.request);
  const now = ports.now();
  const expiresAt = new Date(now.getTime() + KEY_KEPT_MS);
  if (!(await ports.keys.claim(clientId, key, { requestHash: hash, claimedUntil: now.getTime() + CLAIM_MS }, now, expiresAt))) {
    const held = await ports.keys.read(clientId, key);
    if (held && held.requestHash !== hash) throw new Conflict(IDEMPOTENCY_TEXT.otherRequest);
    if (held?.answer !== undefined) return JSON.parse(held.answer) as T;
    throw new Conflict(IDEMPOTENCY_TEXT.running);
  }
  let answer: T;
  try {
    answer = await write();
  } catch (error) {
    await ports.keys.release(clientId, key, hash);
    throw error;
  }
  await ports.keys.keep(clientId, key, { requestHash: hash, claimedUntil: now.getTime() + CLAIM_MS, answer: JSON.stringify(answer) }, expiresAt);
  return answer;
}
