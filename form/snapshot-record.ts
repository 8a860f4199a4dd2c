/**
 * The stored shape of an application as it was submitted (snapshot.ts takes and prints it), and its
 * check when read back. Apart from the printer so that the stores and the ports carry no form model.
 */
export const SNAPSHOT_VERSION = 1;

export interface SnapshotRow {
  readonly key: string;
  readonly label: string;
  /** As the PDF prints it (boxes as marks); '' when unanswered, and for a document row. */
  readonly value: string;
  /** As a screen shows it (boxes in words), only where that differs from `value`. */
  readonly words?: string;
  /** A document question: its value is the document answer's, printed when read. */
  readonly document?: true;
}

export interface SnapshotSection {
  readonly id: string;
  readonly title: string;
  readonly rows: readonly SnapshotRow[];
}

export interface SnapshotPage {
  readonly id: string;
  readonly number: number;
  readonly title: string;
  readonly sections: readonly SnapshotSection[];
}

export interface ApplicationSnapshot {
  readonly version: typeof SNAPSHOT_VERSION;
  /** ISO 8601: when it was taken (the submission's time, or just after). */
  readonly takenAt: string;
  readonly pages: readonly SnapshotPage[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';

function isRow(v: unknown): v is SnapshotRow {
  return (
    isObject(v) &&
    isString(v.key) &&
    isString(v.label) &&
    isString(v.value) &&
    (v.words === undefined || isString(v.words)) &&
    (v.document === undefined || v.document === true)
  );
}

const isSection = (v: unknown): v is SnapshotSection => isObject(v) && isString(v.id) && isString(v.title) && Array.isArray(v.rows) && v.rows.every(isRow);

const isPage = (v: unknown): v is SnapshotPage =>
  isObject(v) && isString(v.id) && typeof v.number === 'number' && isString(v.title) && Array.isArray(v.sections) && v.sections.every(isSection);

/** A stored snapshot, checked; undefined for anything else (which then prints from the model). */
export function asSnapshot(value: unknown): ApplicationSnapshot | undefined {
  if (!isObject(value) || value.version !== SNAPSHOT_VERSION || !isString(value.takenAt) || !Array.isArray(value.pages)) return undefined;
  return value.pages.every(isPage) ? (value as unknown as ApplicationSnapshot) : undefined;
}
