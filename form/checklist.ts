/**
 * The status page's checklist of materials, computed from the institution's configuration and
 * what was submitted: each item received (with the date its file arrived), awaited, or not
 * required. Pure: the server computes it for the applicant's status page (and the office can
 * compute the same from the same data).
 */
import { isAttachedDocument } from './contract';
import { institution } from './institution';
import type { ChecklistItem } from './types';

export type ChecklistState = 'received' | 'awaiting' | 'not_required';

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

/** The document questions the institution still accepts after submission (the supplemental uploads). */
export function acceptedAfterSubmission(items: readonly ChecklistItem[] = institution.afterSubmission.checklist): string[] {
  return items.flatMap((i) => (i.acceptedAfterSubmission && i.document ? [i.document] : []));
}
