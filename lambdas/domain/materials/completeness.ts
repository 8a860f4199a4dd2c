/**
 * The completeness the staff list filters on, for an application nobody has marked yet: at
 * submission, from what the applicant sent (their uploads, the answers that make an item
 * required). Written once, as the marks' first version (empty), only while there is none: from
 * then on each mark writes it (mark.ts), and a repeated submit finds it there. A material the
 * applicant adds after submission writes it again once its file is converted
 * (`refreshCompleteness`, on the marks' version read, so a mark at that moment is never undone).
 */
import type { ApplicantRecord, ApplicantRecordReader } from '../ports/answers';
import type { MaterialsStore } from '../ports/materials';
import { officeMaterials } from './office-materials';

export async function recordCompleteness(store: MaterialsStore, id: string, record: ApplicantRecord, now: Date): Promise<void> {
  if (!record.submittedAt || record.materials) return;
  // Refused when a mark came first: the mark wrote the completeness it found.
  await store.writeMarks(id, {}, officeMaterials(record, now).complete, 0);
}

export interface CompletenessPorts extends ApplicantRecordReader {
  materials: MaterialsStore;
}

/** Attempts before a stream of marks at the same moment is left to write it (each mark does). */
const ATTEMPTS = 3;

/** After a material added from the status page is converted: the completeness again, the marks as they are. */
export async function refreshCompleteness(ports: CompletenessPorts, id: string, now: Date): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const record = await ports.readApplicantRecord(id);
    if (!record.submittedAt) return;
    const stored = record.materials ?? { marks: {}, version: 0 };
    if (await ports.materials.writeMarks(id, stored.marks, officeMaterials(record, now).complete, stored.version)) return;
  }
}
