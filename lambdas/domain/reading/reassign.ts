/**
 * An admin reassigns one or many applications to readers (POST /staff/api/assignments; issue 39,
 * item 1): every application is checked first (one unknown refuses the whole request, nothing
 * written), then each is recorded in the access record and its readers replaced: the readers
 * removed lose its pointer, the readers added who have not read it gain one, and the open pool
 * holds it while fewer readers are assigned than reads required.
 */
import type { ReadingConfig } from '#form/types';
import type { Reassigned, ReassignRequest } from '#form/wire/reading';
import { NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { ReadingRecord, ReadingStore } from '../ports/reading';
import { pointerOf } from './assignment';

export interface ReassignPorts {
  reading: Pick<ReadingStore, 'readReading' | 'writeReaders' | 'putPointer' | 'deletePointer'>;
  audit: StaffAudit;
}

export const unknownApplication = (id: string): string => `There is no submitted application with the id ${id}: nothing was reassigned.`;

export async function reassign(ports: ReassignPorts, config: ReadingConfig, request: ReassignRequest): Promise<Reassigned> {
  const records: ReadingRecord[] = [];
  for (const id of request.ids) {
    const record = await ports.reading.readReading(id);
    if (!record) throw new NotFound(unknownApplication(id));
    records.push(record);
  }
  for (const record of records) {
    await ports.audit({ action: 'assign', application: record.id, detail: { readers: request.readers.join(', ') || 'none' } });
    await ports.reading.writeReaders(record.id, request.readers, true);
    const pointer = pointerOf(record);
    for (const gone of record.readers.filter((r) => !request.readers.includes(r)))
      await ports.reading.deletePointer({ kind: 'assigned', reader: gone }, pointer);
    for (const reader of request.readers.filter((r) => !record.reviewedBy.includes(r))) await ports.reading.putPointer({ kind: 'assigned', reader }, pointer);
    const readsIn = record.reviewedBy.length >= config.readsRequired;
    if (request.readers.length >= config.readsRequired || readsIn) await ports.reading.deletePointer({ kind: 'open' }, pointer);
    else await ports.reading.putPointer({ kind: 'open' }, pointer);
  }
  const count = records.length;
  const who = request.readers.length ? request.readers.join(', ') : 'no reader (open to any reader)';
  return { count, readers: request.readers, message: `${count} ${count === 1 ? 'application' : 'applications'} assigned to ${who}.` };
}
