/**
 * The export's columns: id, reference and submitted_at, then every answer key of the form
 * model in model order, each followed by its `_desc` label where it has one, then the office's
 * own columns (the office status).
 */
import { DATA_MODEL_FIELDS, DESC_FIELDS } from '#form/data-model';
import type { SubmittedApplication } from '../ports/submissions';

const WITH_DESC = new Set(DESC_FIELDS);

export const EXPORT_COLUMNS: readonly string[] = [
  'id',
  'reference',
  'submitted_at',
  ...DATA_MODEL_FIELDS.flatMap((key) => (WITH_DESC.has(key) ? [key, `${key}_desc`] : [key])),
  'office_status',
];

export function exportRow(app: SubmittedApplication): Record<string, string> {
  const row: Record<string, string> = {};
  for (const column of EXPORT_COLUMNS) {
    if (column === 'id') row.id = app.id;
    else if (column === 'reference') row.reference = app.reference;
    else if (column === 'submitted_at') row.submitted_at = app.submittedAt;
    else if (column === 'office_status') row.office_status = app.officeStatus;
    else row[column] = app.answers[column] ?? '';
  }
  return row;
}
