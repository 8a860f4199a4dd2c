/**
 * A write for an applicant that lands after their deletion listed what it deletes: a document's
 * conversion or the application PDF's render runs on an event, outside any request, and may
 * store its result while the applicant's account is being erased (eraseApplicant). Such a
 * function declares what it wrote and calls this once its writes are done; when the account is
 * closed or being erased, the writes are deleted here.
 *
 * Why that closes the race: the erasure closes the session record (after its marker) before it
 * lists any object or item. A write is either made before that listing, and the erasure finds and
 * deletes it, or after it, and then this check, which runs after the write, reads the record
 * closed and deletes it. The closed record stays two days and more, longer than any event's
 * retries; a run killed between its write and its check is found by the retention sweep
 * (leftovers.ts).
 */
import type { ErasableBucket, LateWritePorts, RelatedItem } from '../ports/erasure';
import { accountOf } from '../ports/keys';

const MINUTE_MS = 60_000;

/**
 * The latest a late writer's write can land after the closure (the session record's `closedAt`):
 * - an event may still be sent up to 10 minutes after it: an upload posted with a form issued
 *   before (UPLOAD_URL_TTL_SECONDS, 5 minutes) starts a conversion, and a release run already
 *   going (its Lambda's timeout, lib/releases.ts: 10 minutes) asks for a letter's print;
 * - its run may start up to an hour after the event (the maximum event age of the converter's and
 *   the renderer's asynchronous invocations, lib/documents.ts, lib/renderer.ts);
 * - and runs at most its Lambda's timeout: the renderer's 3 minutes (lib/renderer.ts; the
 *   converter's is 2, lib/documents.ts), after which it is killed.
 * 10 + 60 + 3 minutes, rounded up to two hours as a margin. test/infra/retention.test.ts fails if
 * one of those timeouts or event ages grows past what this counts.
 */
export const LEFTOVERS_DELAY_MS = 120 * MINUTE_MS;

/**
 * How long the closed session record is kept (the table's TTL) after the closure: the delay, then
 * two days. The sweep runs once a day, so at least two runs (usually three) see the record once the
 * delay has passed: one that fails or runs out of time still leaves the next. DynamoDB's TTL
 * deletes an item some time after it expires, never before, so a longer life only adds sweeps. It
 * also outlives every access token issued before the closure (Cognito's longest is a day).
 */
export const CLOSED_SESSION_KEPT_SECONDS = LEFTOVERS_DELAY_MS / 1000 + 2 * 24 * 60 * 60;

/** Whether an account closed at `closedAt` can no longer receive a late write, as of `now`. */
export const leftoversDue = (closedAt: Date, now: Date): boolean => now.getTime() - closedAt.getTime() >= LEFTOVERS_DELAY_MS;

/** What one run wrote (or may have written) for the applicant `sub`: every key, whether it was written or not. */
export interface ApplicantWrites {
  sub: string;
  objects: ReadonlyArray<{ bucket: ErasableBucket; key: string }>;
  items: readonly RelatedItem[];
}

/** Closed (the session record's mark, kept CLOSED_SESSION_KEPT_SECONDS) or being erased (the marker, from before the record is closed). */
export async function accountClosing(ports: Pick<LateWritePorts, 'sessionClosed' | 'readMarker'>, sub: string): Promise<boolean> {
  // A later cycle's application (ports/keys.ts) closes with its account.
  const account = accountOf(sub);
  const [closed, marker] = await Promise.all([ports.sessionClosed(account), ports.readMarker(account)]);
  return closed || marker !== undefined;
}

/**
 * Deletes `writes` when the applicant's account is closed or being erased, and answers whether it
 * did. Call it after the writes: a check before them would miss an erasure that lists in between.
 * Objects first, as the erasure does: the items are what a later reader would follow to them.
 */
export async function withdrawIfErased(ports: LateWritePorts, writes: ApplicantWrites): Promise<boolean> {
  if (!(await accountClosing(ports, writes.sub))) return false;
  for (const { bucket, key } of writes.objects) await ports.deleteObject(bucket, key);
  for (const { table, key } of writes.items) await ports.deleteItem(table, key);
  return true;
}

/**
 * Runs a late writer's `work` and then checks, as `withdrawIfErased` does: 'withdrawn' when the
 * account was closed meanwhile (what `writes` names is deleted, also after a throw, which may
 * have come after a write), else the work's result or its error. `writes` is read after the work,
 * so the work may add to it (a token it issued).
 */
export async function takenBackIfErased<T>(ports: LateWritePorts, writes: ApplicantWrites, work: () => Promise<T>): Promise<T | 'withdrawn'> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (await withdrawIfErased(ports, writes)) return 'withdrawn';
    throw error;
  }
  return (await withdrawIfErased(ports, writes)) ? 'withdrawn' : result;
}
