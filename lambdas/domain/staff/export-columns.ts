/**
 * The export's columns: who and when (id, reference, submitted_at, the applicant's e-mail), the
 * status of each material on the status page's checklist, then every answer key of the form model
 * in model order, each followed by its `_desc` label where it has one, then what the application
 * was submitted with that the model's columns cannot say (`as_submitted`), then the office's own
 * columns (the office status, and the decision with its release and the applicant's reply: blank
 * in a reader's export, as a reader sees no decision anywhere).
 *
 * One encoding of yes and no across the columns: `Y` / `N`. The yes/no questions store it already;
 * boxes (stored `true` / `false`, or nothing when never ticked) are `Y` when ticked and `N`
 * otherwise. A blank cell is an unanswered question. The `_desc` labels stay words ("Yes").
 */
import type { ChecklistEntry, ChecklistState } from '#form/checklist';
import { BOOLEAN_FIELDS, DATA_MODEL_FIELDS, DESC_FIELDS } from '#form/data-model';
import { institution } from '#form/institution';
import { timetable as installedTimetable, type Timetable } from '#form/institution-cycles';
import { rowsNoLongerAsked } from '#form/snapshot';
import { officePlacement } from '../cycles/office-cycles';
import type { ApplicantRecord } from '../ports/answers';
import { officeReplyOf, type DecisionRecord } from '../ports/decisions';
import type { SubmittedApplication } from '../ports/submissions';

const WITH_DESC = new Set(DESC_FIELDS);
const BOXES = new Set(BOOLEAN_FIELDS);

/** The status column of a checklist item: `<item id>_status` (transcript_status, test_scores_status…). */
export const checklistColumn = (itemId: string): string => `${itemId}_status`;

/** One column per material of the institution's checklist, in its order. */
export const CHECKLIST_COLUMNS: readonly string[] = institution.afterSubmission.checklist.map((i) => checklistColumn(i.id));

/** A material's state as the cell says it. */
export const CHECKLIST_CELL: Readonly<Record<ChecklistState, string>> = {
  received: 'received',
  waived: 'waived',
  awaiting: 'awaiting',
  not_required: 'not required',
};

/** The decision recorded last (staged while office_status is decided), when it was last released, and the applicant's reply. */
export const DECISION_COLUMNS = ['decision', 'released_at', 'reply', 'replied_at'] as const;

/** The decision columns of one application (all blank without a record, or for a reader). */
export function decisionCells(record: DecisionRecord | undefined): Record<(typeof DECISION_COLUMNS)[number], string> {
  return {
    decision: record?.decision ?? '',
    released_at: record?.released?.at ?? '',
    reply: officeReplyOf(record?.reply) ?? '',
    replied_at: record?.reply?.at ?? '',
  };
}

/**
 * The questions the application was submitted with that the form no longer asks in the same words
 * (removed or reworded since): JSON text of `[{key, label, value}]`, the label as the applicant
 * read it and the answer in words; blank when the form has not changed since (or the application
 * was submitted before snapshots existed). The model's columns above cannot carry these.
 */
export const AS_SUBMITTED_COLUMN = 'as_submitted';

/** The `as_submitted` cell of one application, from its snapshot and document answers. */
export function asSubmittedCell(record: Pick<ApplicantRecord, 'snapshot' | 'documents'>): string {
  if (!record.snapshot) return '';
  const rows = rowsNoLongerAsked(record.snapshot, Object.fromEntries(record.documents.map((d) => [d.key, d])));
  return rows.length ? JSON.stringify(rows) : '';
}

/**
 * Where the application sits in the timetable: its cycle's id, its round's id (blank for one
 * submitted before cycles, which is the first configured cycle's) and `Y` when it came inside the
 * late window.
 */
const PLACEMENT_COLUMNS = ['cycle', 'round', 'late'] as const;

export const EXPORT_COLUMNS: readonly string[] = [
  'id',
  'reference',
  'submitted_at',
  'email',
  ...PLACEMENT_COLUMNS,
  ...CHECKLIST_COLUMNS,
  ...DATA_MODEL_FIELDS.flatMap((key) => (WITH_DESC.has(key) ? [key, `${key}_desc`] : [key])),
  AS_SUBMITTED_COLUMN,
  'office_status',
  ...DECISION_COLUMNS,
];

/** A box's answer as the export says it: ticked is `Y`, anything else `N`. */
export const boxCell = (stored: string | undefined): 'Y' | 'N' => (stored === 'true' ? 'Y' : 'N');

/**
 * One application's row; `checklist` is the status page's checklist of the same application
 * (domain/status-page.ts), `decision` its decision record (undefined: none, or a reader's export),
 * `asSubmitted` its `as_submitted` cell.
 */
export function exportRow(
  app: SubmittedApplication,
  checklist: readonly ChecklistEntry[],
  decision?: DecisionRecord,
  asSubmitted = '',
  timetable: Timetable = installedTimetable,
): Record<string, string> {
  const placement = officePlacement(timetable, app.placement);
  const fixed: Record<string, string> = {
    cycle: placement.cycle,
    round: placement.round,
    late: placement.late ? 'Y' : 'N',
    [AS_SUBMITTED_COLUMN]: asSubmitted,
    id: app.id,
    reference: app.reference,
    submitted_at: app.submittedAt,
    email: app.email,
    office_status: app.officeStatus,
    ...decisionCells(decision),
  };
  for (const entry of checklist) fixed[checklistColumn(entry.id)] = CHECKLIST_CELL[entry.state];
  // In column order: JSON keeps the order the row is built in.
  const row: Record<string, string> = {};
  for (const column of EXPORT_COLUMNS) {
    row[column] = fixed[column] ?? (CHECKLIST_COLUMNS.includes(column) ? '' : BOXES.has(column) ? boxCell(app.answers[column]) : (app.answers[column] ?? ''));
  }
  return row;
}
