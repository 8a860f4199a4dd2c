/**
 * An application as it was submitted: the printer's pages (print.ts) taken once, at submission,
 * with the words the applicant was shown and their answers as printed. The staff view, the PDF and
 * the exports of a submitted application print this rather than the model of the day, so a
 * question removed or reworded in a later version of the form still shows as the applicant saw and
 * answered it. An application submitted before snapshots existed has none and prints from the
 * model, as it always did.
 *
 * A document row keeps the question's words only: its value is printed from the document answer
 * when read, because a conversion still running at submission finishes (or fails) afterwards, and
 * the document itself is kept, locked, beside the snapshot.
 */
import { questionFor, tabGroups } from './model';
import {
  printApplication,
  printedDocument,
  printLabelOf,
  withRows,
  type PageOf,
  type PrintedDocument,
  type PrintedPage,
  type PrintedRow,
  type PrintInput,
} from './print';

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

export type SnapshotPage = PageOf<SnapshotRow>;

export interface ApplicationSnapshot {
  readonly version: typeof SNAPSHOT_VERSION;
  /** ISO 8601: when it was taken (the submission's time, or just after). */
  readonly takenAt: string;
  readonly pages: readonly SnapshotPage[];
}

const isDocumentQuestion = (key: string): boolean => questionFor(key)?.type === 'file';

/** The application as printed now, with its boxes both as marks and in words, kept for ever. */
export function takeSnapshot(input: Omit<PrintInput, 'boxes'>, takenAt: Date): ApplicationSnapshot {
  // A document given counts as attached whatever its conversion's state: it is what was submitted.
  const documents = Object.fromEntries(Object.entries(input.documents ?? {}).map(([key, d]) => [key, { file_name: d.file_name, file_size: d.file_size }]));
  const marks = printApplication({ ...input, documents, boxes: 'marks' });
  const words = printApplication({ ...input, documents, boxes: 'words' });
  // The boxes change values only, never which rows print: the two walks have the same shape.
  const pages = withRows(marks, (row, p, s, r) => snapshotRow(row, words[p]?.sections[s]?.rows[r]?.value ?? row.value));
  return { version: SNAPSHOT_VERSION, takenAt: takenAt.toISOString(), pages };
}

function snapshotRow(row: PrintedRow, inWords: string): SnapshotRow {
  if (isDocumentQuestion(row.key)) return { key: row.key, label: row.label, value: '', document: true };
  return { key: row.key, label: row.label, value: row.value, ...(inWords !== row.value ? { words: inWords } : {}) };
}

/** What a printed snapshot needs: the document answers as they are now, and how boxes print. */
export type SnapshotPrintInput = Pick<PrintInput, 'documents' | 'boxes'>;

function printedRow(row: SnapshotRow, input: SnapshotPrintInput): PrintedRow {
  const value = row.document ? printedDocument(input.documents?.[row.key]) : input.boxes === 'words' ? (row.words ?? row.value) : row.value;
  return { key: row.key, label: row.label, value };
}

/** The snapshot's pages as the printer's (print.ts), so every view lays them out as it does the model's. */
export function printSnapshot(snapshot: ApplicationSnapshot, input: SnapshotPrintInput): PrintedPage[] {
  return withRows(snapshot.pages, (row) => printedRow(row, input));
}

/** A submitted application's pages: its snapshot when it has one, else the model's walk of its answers. */
export function printSubmitted(snapshot: ApplicationSnapshot | null | undefined, input: PrintInput): PrintedPage[] {
  return snapshot ? printSnapshot(snapshot, input) : printApplication(input);
}

/** What the current model calls a row's question or tab group, or undefined when it no longer asks it. */
function currentLabel(key: string): string | undefined {
  const node = questionFor(key) ?? tabGroups.get(key);
  return node ? printLabelOf(node) : undefined;
}

/**
 * The rows of a snapshot the current form no longer prints in the same words: a question removed
 * since, or reworded. In words (boxes as a screen says them); what the exports add beside the
 * model's columns so that no answer and no wording is lost from them.
 */
export function rowsNoLongerAsked(snapshot: ApplicationSnapshot, documents?: Readonly<Record<string, PrintedDocument>>): PrintedRow[] {
  return printSnapshot(snapshot, { boxes: 'words', ...(documents ? { documents } : {}) })
    .flatMap((page) => page.sections.flatMap((s) => s.rows))
    .filter((row) => currentLabel(row.key) !== row.label);
}

/** The document questions of a snapshot, in form order, each with its words as printed. */
export function documentQuestionsOf(snapshot: ApplicationSnapshot): Map<string, string> {
  const rows = snapshot.pages.flatMap((page) => page.sections.flatMap((s) => s.rows));
  return new Map(rows.filter((row) => row.document).map((row) => [row.key, row.label]));
}
