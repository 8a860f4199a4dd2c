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
 * closed and deletes it. The closed record stays a day, longer than any event's retries.
 */
import type { ErasableBucket, LateWritePorts, RelatedItem } from '../ports/erasure';

/** What one run wrote (or may have written) for the applicant `sub`: every key, whether it was written or not. */
export interface ApplicantWrites {
  sub: string;
  objects: ReadonlyArray<{ bucket: ErasableBucket; key: string }>;
  items: readonly RelatedItem[];
}

/** Closed (the session record's mark, kept a day) or being erased (the marker, from before the record is closed). */
export async function accountClosing(ports: Pick<LateWritePorts, 'sessionClosed' | 'readMarker'>, sub: string): Promise<boolean> {
  const [closed, marker] = await Promise.all([ports.sessionClosed(sub), ports.readMarker(sub)]);
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
