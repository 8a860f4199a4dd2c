/**
 * An application's materials as the office reads them: the applicant's checklist (status-page.ts,
 * the same items, uploads and marks), without the words meant for the applicant, each item with
 * the office's mark (who, when), and whether the application is complete: every required item
 * received or waived.
 */
import { isComplete } from '#form/checklist';
import type { OfficeMaterials } from '#form/wire/materials';
import type { ApplicantRecord } from '../ports/answers';
import { statusChecklist } from '../status-page';

export function officeMaterials(record: ApplicantRecord, now: Date): OfficeMaterials {
  const marks = record.materials?.marks ?? {};
  // The notes and uploads speak to the applicant (and their tabs only change a note): left out.
  const items = statusChecklist(record, {}, now).map(({ note: _note, uploadKey: _upload, supplement: _supplement, ...entry }) => {
    const mark = marks[entry.id];
    return mark ? { ...entry, mark } : entry;
  });
  return { items, complete: isComplete(items) };
}
