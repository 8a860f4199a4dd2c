/**
 * The status page's checklist of materials, computed from the institution's configuration, what
 * was submitted and the office's marks: each item received (with the date its file arrived or the
 * office marked), waived by the office, awaited, or not required. Pure: the server computes it for
 * the applicant's status page and the office's completeness from the same data.
 */
import { isAttachedDocument } from './contract';
import { institution } from './institution';
import type { ChecklistItem } from './types';

export type ChecklistState = 'received' | 'waived' | 'awaiting' | 'not_required';

/** The office's mark on an item sent by others (lambdas/domain/materials): received on a day (YYYY-MM-DD), or waived. */
export interface ChecklistMark {
  readonly status: 'received' | 'waived';
  readonly received_at?: string;
}

export interface ChecklistDocument {
  readonly file_name?: string;
  readonly status?: string;
  /** When the file arrived (ISO 8601). */
  readonly receivedAt?: string;
}

export interface ChecklistInput {
  readonly answers: Readonly<Record<string, string>>;
  readonly tabs: Readonly<Record<string, string>>;
  /** Document answers of the application by question key. */
  readonly documents: Readonly<Record<string, ChecklistDocument>>;
  /** Materials added after submitting, by question key (the newest attached one counts). */
  readonly supplements?: Readonly<Record<string, ChecklistDocument>>;
  /** The office's marks by checklist item id. */
  readonly marks?: Readonly<Record<string, ChecklistMark>>;
}

export interface ChecklistEntry {
  readonly id: string;
  readonly label: string;
  readonly state: ChecklistState;
  /** When a received material arrived (ISO 8601). */
  readonly receivedAt?: string;
  /** The file that was received. */
  readonly fileName?: string;
  /** A sentence for the applicant (who sends it, what to do). */
  readonly note?: string;
  /** The document question an upload from the status page answers, when one is still accepted. */
  readonly uploadKey?: string;
}

function received(item: ChecklistItem, input: ChecklistInput): ChecklistDocument | undefined {
  if (!item.document) return undefined;
  const submitted = input.documents[item.document];
  if (submitted && isAttachedDocument(submitted)) return submitted;
  const later = input.supplements?.[item.document];
  return later && isAttachedDocument(later) ? later : undefined;
}

export function checklistEntry(item: ChecklistItem, input: ChecklistInput): ChecklistEntry {
  const base = { id: item.id, label: item.label };
  const doc = received(item, input);
  if (doc)
    return { ...base, state: 'received', ...(doc.receivedAt ? { receivedAt: doc.receivedAt } : {}), ...(doc.file_name ? { fileName: doc.file_name } : {}) };
  const mark = input.marks?.[item.id];
  if (mark?.status === 'received') return { ...base, state: 'received', ...(mark.received_at ? { receivedAt: mark.received_at } : {}) };
  if (mark?.status === 'waived') return { ...base, state: 'waived' };
  const uploadKey = item.acceptedAfterSubmission && item.document ? { uploadKey: item.document } : {};
  const others = item.sentByOthersWhen;
  if (others && input.tabs[others.tabGroup] === others.tab) return { ...base, state: 'awaiting', note: others.note, ...uploadKey };
  if (item.requiredWhen && !item.requiredWhen.values.includes(input.answers[item.requiredWhen.question] ?? '')) {
    return { ...base, state: 'not_required' };
  }
  if (item.optional) return { ...base, state: 'not_required', ...(item.acceptedAfterSubmission ? { note: 'You may still send it.' } : {}), ...uploadKey };
  return { ...base, state: 'awaiting', ...(item.awaitingNote ? { note: item.awaitingNote } : {}), ...uploadKey };
}

export function checklist(input: ChecklistInput, items: readonly ChecklistItem[] = institution.afterSubmission.checklist): ChecklistEntry[] {
  return items.map((item) => checklistEntry(item, input));
}

/** Complete: no required item is still awaited (each is received or waived, or not required). */
export function isComplete(entries: readonly Pick<ChecklistEntry, 'state'>[]): boolean {
  return entries.every((e) => e.state !== 'awaiting');
}

/** The document questions the institution still accepts after submission (the supplemental uploads). */
export function acceptedAfterSubmission(items: readonly ChecklistItem[] = institution.afterSubmission.checklist): string[] {
  return items.flatMap((i) => (i.acceptedAfterSubmission && i.document ? [i.document] : []));
}
