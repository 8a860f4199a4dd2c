/**
 * The office's marks on an application's checklist (issue 39, item 2): a material sent by others
 * (a transcript, test scores) marked received on a day or waived, or the mark undone. The staff
 * route's body and its answer; the student information system's route writes the same marks
 * through the same use-case (lambdas/domain/materials/mark.ts).
 */
import type { ChecklistEntry } from '../checklist';
import { bodyInput, InputError, rejectUnknownFields, requireObject } from './input';
import { MATERIAL_MESSAGES, MATERIAL_STATUSES, type MaterialStatus } from './material-words';

export { MATERIAL_MESSAGES };

/** A mark as stored on the application: what, the day it arrived (received only), who marked it and when. */
export interface MaterialMark {
  status: 'received' | 'waived';
  /** YYYY-MM-DD on the institution's calendar. */
  received_at?: string;
  /** The staff member's e-mail, or the machine client's name. */
  by: string;
  /** ISO time of the mark. */
  at: string;
}

export interface MarkMaterialRequest {
  status: MaterialStatus;
  received_at?: string;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day as YYYY-MM-DD that the calendar has (no 31 April). */
export function isCalendarDay(raw: string): boolean {
  const m = DAY.exec(raw);
  return !!m && new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))).toISOString().slice(0, 10) === raw;
}

/** `{status, received_at?}`: the day only with `received`; whether it is in the past is the use-case's to check (its clock). */
export function parseMarkMaterial(raw: unknown): MarkMaterialRequest {
  const body = requireObject(raw ?? {});
  rejectUnknownFields(body, ['status', 'received_at']);
  const status = body.status;
  if (typeof status !== 'string' || !(MATERIAL_STATUSES as readonly string[]).includes(status))
    throw new InputError(MATERIAL_MESSAGES.status, { status: [MATERIAL_MESSAGES.status] });
  const day = body.received_at;
  if (day === undefined || day === null || day === '') return { status: status as MaterialStatus };
  if (typeof day !== 'string' || !isCalendarDay(day)) throw new InputError(MATERIAL_MESSAGES.date, { received_at: [MATERIAL_MESSAGES.date] });
  if (status !== 'received') throw new InputError(MATERIAL_MESSAGES.dateOnlyReceived, { received_at: [MATERIAL_MESSAGES.dateOnlyReceived] });
  return { status: 'received', received_at: day };
}

export const markMaterialInput = bodyInput<MarkMaterialRequest>()(parseMarkMaterial);

/** One checklist item as the office reads it: the applicant's view, with the office's mark (who and when). */
export interface OfficeChecklistItem extends ChecklistEntry {
  mark?: MaterialMark;
}

/** The office's view of an application's materials: each item, and whether every required one is received or waived. */
export interface OfficeMaterials {
  items: OfficeChecklistItem[];
  complete: boolean;
}

/** The answer to a mark: what happened in words, and the materials now. */
export interface MaterialMarked extends OfficeMaterials {
  message: string;
}
