/**
 * The reader's queue (GET /staff/api/queue, issue 39, item 1): the applications assigned to the
 * caller first, then those open to any reader, each one Query of its shelf (pointer items,
 * ports/reading.ts) and one batch read of the page's applications, never a scan; with the counts:
 * assigned to me and not yet read, checked out by me, open, and the committee's for deciders.
 * Nothing an application's reviews say is in it. A pointer whose application has been decided (or
 * erased) since is dropped from its shelf as the queue meets it, so the counts catch up.
 */
import type { QueueItem, ReadingQueue } from '#form/wire/reading';
import type { StaffRole } from '#form/wire/roles';
import { seesDecisions } from '../decisions/visibility';
import type { StaffAudit } from '../ports/audit';
import { STILL_READ, type Pointer, type ReadingRecord, type ReadingStore, type Shelf } from '../ports/reading';
import { heldByOther } from './checkout';

export const QUEUE_PAGE = 50;

export interface QueuePorts {
  reading: Pick<ReadingStore, 'readShelf' | 'countShelf' | 'readReadings' | 'deletePointer'>;
  audit: StaffAudit;
}

/** Whether the application is still to be read by `reader` and nobody else holds it. */
export function offerable(record: ReadingRecord, reader: string, now: Date): boolean {
  return STILL_READ.includes(record.officeStatus) && !record.reviewedBy.includes(reader) && heldByOther(record.checkout, reader, now) === undefined;
}

/** The shelf's pointers whose application is decided or gone, removed. */
async function dropStale(ports: QueuePorts, shelf: Shelf, pointers: readonly Pointer[], records: ReadonlyMap<string, ReadingRecord>): Promise<void> {
  for (const p of pointers) {
    const record = records.get(p.id);
    if (!record || !STILL_READ.includes(record.officeStatus)) await ports.reading.deletePointer(shelf, p);
  }
}

export async function readQueue(ports: QueuePorts, staff: { email: string; role: StaffRole }, now: Date): Promise<ReadingQueue> {
  await ports.audit({ action: 'reading-queue' });
  const mine: Shelf = { kind: 'assigned', reader: staff.email };
  const [assigned, open] = await Promise.all([ports.reading.readShelf(mine, QUEUE_PAGE), ports.reading.readShelf({ kind: 'open' }, QUEUE_PAGE)]);
  const records = new Map((await ports.reading.readReadings([...new Set([...assigned, ...open].map((p) => p.id))])).map((r) => [r.id, r]));
  await dropStale(ports, mine, assigned, records);
  await dropStale(ports, { kind: 'open' }, open, records);

  const items: QueueItem[] = [];
  const seen = new Set<string>();
  for (const [pointers, isAssigned] of [
    [assigned, true],
    [open, false],
  ] as const) {
    for (const p of pointers) {
      const record = records.get(p.id);
      if (!record || seen.has(p.id) || !offerable(record, staff.email, now)) continue;
      seen.add(p.id);
      const mineUntil = record.checkout?.by === staff.email && record.checkout.until > now.toISOString() ? record.checkout.until : undefined;
      items.push({
        id: p.id,
        reference: record.reference,
        name: record.name,
        submitted_at: record.submittedAt,
        assigned: isAssigned,
        ...(mineUntil ? { checked_out_until: mineUntil } : {}),
      });
    }
  }
  const [countAssigned, checkedOut, countOpen, committee] = await Promise.all([
    ports.reading.countShelf(mine),
    ports.reading.countShelf({ kind: 'checkout', reader: staff.email }, now.toISOString()),
    ports.reading.countShelf({ kind: 'open' }),
    seesDecisions(staff.role) ? ports.reading.countShelf({ kind: 'committee' }) : undefined,
  ]);
  return {
    counts: { assigned: countAssigned, checked_out: checkedOut, open: countOpen, ...(committee === undefined ? {} : { committee }) },
    items,
  };
}
