/**
 * Materials added after submission, from the status page: only for the checklist items the
 * institution marks as accepted after submission, only once submitted, and only while the item
 * is not yet received. The upload grant, the presigned POST, the conversion on the bucket's event
 * and the statuses are the form's own; the file is stored under the supplemental key (see
 * status-page.ts), never over a submitted document answer.
 */
import { institution } from '#form/institution';
import { documentQuestionKeys } from '#form/model';
import { attachOwnUpload } from './documents/attach';
import { FILE_MAX_BYTES } from './documents/files';
import { newUploadId, uploadKey } from './documents/keys';
import { takeDailyUpload } from './documents/upload-quota';
import { Conflict, Invalid, NotFound } from './errors';
import type { ApplicantRecordReader } from './ports/answers';
import type { DocumentAttacher, UploadGrants, UploadQuota, UploadsBucket } from './ports/documents';
import type { TabsReader } from './ports/tabs';
import { acceptsSupplement, statusChecklist, supplementKey, type StatusChecklistItem } from './status-page';

export const NOT_YET_SUBMITTED = 'Materials are added here once your application is submitted. Until then, upload them in the form.';
export const NOT_ACCEPTED = 'The admissions office does not accept this material after submission.';
export const NO_SUCH_MATERIAL = 'There is no such material to add to your application.';
export const ALREADY_RECEIVED = 'We have already received this material.';

/** The question a supplemental request names, checked against the institution's checklist. */
export function parseSupplementQuestion(raw: unknown): string {
  if (typeof raw !== 'string' || raw === '' || raw.length > 64)
    throw new Invalid('Name the material to upload (answer_key).', { answer_key: ['answer_key is required.'] });
  // A key that names no document of the application is no material at all (as on the form's
  // document routes); a document the institution does not take after submission is locked.
  if (!documentQuestionKeys.includes(raw)) throw new NotFound(NO_SUCH_MATERIAL);
  if (!acceptsSupplement(raw)) throw new Conflict(NOT_ACCEPTED);
  return raw;
}

/** What the status page's checklist reads: the applicant's record and tab choices. */
export type ChecklistReader = ApplicantRecordReader & TabsReader;

/** What adding a material needs besides the checklist (composed per route by its handler). */
export interface SupplementPorts extends ChecklistReader {
  grants: UploadGrants;
  uploads: UploadsBucket;
  documents: DocumentAttacher;
}

/** The caller's checklist item for this question, refusing what may not be uploaded now. */
async function openItem(ports: ChecklistReader, sub: string, question: string): Promise<StatusChecklistItem> {
  const [record, tabs] = await Promise.all([ports.readApplicantRecord(sub), ports.readTabs(sub)]);
  if (!record.submittedAt) throw new Conflict(NOT_YET_SUBMITTED);
  const itemId = institution.afterSubmission.checklist.find((i) => i.document === question && i.acceptedAfterSubmission)?.id;
  const item = statusChecklist(record, tabs).find((i) => i.id === itemId);
  if (!item) throw new Conflict(NOT_ACCEPTED);
  if (item.state === 'received') throw new Conflict(ALREADY_RECEIVED);
  return item;
}

/** A presigned POST for the material, counted against the day's bound of uploads (form documents included). */
export async function presignSupplement(ports: Omit<SupplementPorts, 'documents'> & { quota: UploadQuota }, sub: string, question: string, maxPerDay: number) {
  await openItem(ports, sub, question);
  await takeDailyUpload(ports.quota, sub, maxPerDay);
  const ref = { sub, answerKey: supplementKey(question), uploadId: newUploadId() };
  if (!(await ports.grants.grantUpload(ref, new Date(), 'supplement'))) throw new Conflict(NOT_YET_SUBMITTED);
  return ports.uploads.presignUpload(uploadKey(ref), FILE_MAX_BYTES);
}

export function attachSupplement(ports: SupplementPorts, sub: string, question: string, body: { fileKey: string; fileName: string }) {
  return attachOwnUpload(ports, sub, supplementKey(question), body, 'material', () => openItem(ports, sub, question));
}
