/**
 * The status page's checklist: the institution's materials (form/checklist.ts) for what was
 * submitted, plus the materials added after submission. Those supplemental files are stored as
 * document answers of their own key (`supplement_<question>`), so they go through the same
 * upload grants, conversion and statuses as the form's, while the submitted document answers
 * and the application PDF (which prints only the form's document questions) stay as submitted.
 */
import { acceptedAfterSubmission, checklist, type ChecklistEntry } from '#form/checklist';
import { isAttachedDocument } from '#form/contract';
import { institution } from '#form/institution';
import { CONVERSION_MESSAGES } from './documents/files';
import { effectiveStatus } from './documents/status';
import { SUPPLEMENT_PREFIX, type ApplicantRecord, type DocumentItem } from './ports/answers';

/** The document answer key a supplemental file of this question is stored under. */
export const supplementKey = (question: string): string => `${SUPPLEMENT_PREFIX}${question}`;

/** The question a supplemental document answer belongs to, or undefined for a form document. */
export function supplementOf(key: string): string | undefined {
  return key.startsWith(SUPPLEMENT_PREFIX) ? key.slice(SUPPLEMENT_PREFIX.length) : undefined;
}

/** The questions the institution still accepts a file for after submission. */
export function acceptsSupplement(question: string): boolean {
  return acceptedAfterSubmission().includes(question);
}

export interface SupplementView {
  file_name: string;
  file_size: number;
  status: string;
  message?: string;
  received_at?: string;
}

export interface StatusChecklistItem extends ChecklistEntry {
  /** The newest file added from the status page for this item, with its conversion status. */
  supplement?: SupplementView;
}

export function supplementView(doc: DocumentItem, now: Date): SupplementView {
  const { status, message } = effectiveStatus(doc, now, CONVERSION_MESSAGES.failed);
  return {
    file_name: doc.file_name,
    file_size: doc.file_size,
    status,
    ...(message ? { message } : {}),
    ...(status === 'COMPLETED' ? { received_at: doc.updatedAt } : {}),
  };
}

export function statusChecklist(record: ApplicantRecord, tabs: Record<string, string>, now: Date = new Date()): StatusChecklistItem[] {
  const documents: Record<string, { file_name?: string; status?: string; receivedAt?: string }> = {};
  const supplements: Record<string, SupplementView> = {};
  for (const doc of record.documents) {
    if (doc.file_name) documents[doc.key] = { file_name: doc.file_name, status: doc.status, receivedAt: doc.updatedAt };
  }
  for (const doc of record.supplements) {
    const question = supplementOf(String(doc.key ?? ''));
    if (question && doc.file_name) supplements[question] = supplementView(doc, now);
  }
  const attachedSupplements = Object.fromEntries(
    Object.entries(supplements)
      .filter(([, s]) => isAttachedDocument(s))
      .map(([k, s]) => [k, { file_name: s.file_name, status: s.status, ...(s.received_at ? { receivedAt: s.received_at } : {}) }]),
  );
  const items = institution.afterSubmission.checklist;
  const marks = record.materials?.marks;
  return checklist({ answers: record.answers, tabs, documents, supplements: attachedSupplements, ...(marks ? { marks } : {}) }, items).map((entry, i) => {
    const config = items[i];
    const supplement = config?.acceptedAfterSubmission && config.document ? supplements[config.document] : undefined;
    return { ...entry, ...(supplement ? { supplement } : {}) };
  });
}
