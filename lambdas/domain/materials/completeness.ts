/**
 * The completeness the staff list filters on, for an application nobody has marked yet: at
 * submission, from what the applicant sent (their uploads, the answers that make an item
 * required). Written once, as the marks' first version (empty), only while there is none: from
 * then on each mark writes it (mark.ts), and a repeated submit finds it there.
 */
import type { ApplicantRecord } from '../ports/answers';
import type { MaterialsStore } from '../ports/materials';
import { officeMaterials } from './office-materials';

export async function recordCompleteness(store: MaterialsStore, id: string, record: ApplicantRecord, now: Date): Promise<void> {
  if (!record.submittedAt || record.materials) return;
  // Refused when a mark came first: the mark wrote the completeness it found.
  await store.writeMarks(id, {}, officeMaterials(record, now).complete, 0);
}
