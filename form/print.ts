/**
 * The one printer of an application: answers, tab choices, add-another counts and documents in,
 * printed pages of rows out. The service view (what the PDF prints), the renderer's fallback HTML
 * and the staff view all print these rows, so they cannot disagree on what an application says.
 *
 * Printing rules: only content visible for the answers (a State/Province row only for a country
 * with states), a trigger's content always (e.g. the preferred name), the chosen tab named where
 * it says something its questions do not, the add-another blocks that hold an answer (an empty one
 * is not printed), dates in words. Each row is called by its question's print label, the name of
 * the answer as the office reads it ("High School", not "Search for Your School"), and an
 * unanswered alternative is left out while the other way of answering is chosen (no blank planned
 * test date beside "[X]" for not sure yet).
 */
import { modelChoiceLabel } from './choice-labels';
import { isAttachedDocument } from './contract';
import { isValidIsoDate, momentInWordsIn } from './dates';
import { checkboxInWords, formatFileSize, printCheckbox } from './format';
import { DEFAULT_LANGUAGE } from './i18n/languages';
import { institution } from './institution';
import { getPage, questionFor } from './model';
import { months, optionLabel } from './options';
import type { AddAnotherNode, Answers, FormContext, FormNode, PageId, Question, TabGroupNode } from './types';
import { addAnotherCount, answered, chosenTab, questionShown, visibleChildren } from './visibility';
import { answerKeysIn, fileKeysIn, nodesIn, questionAnswerKeys } from './walk';

// The upload field shows the same size as the printed line; it lives in format.ts so the form pages need not load the printer.
// The save writes the same choice labels the printer prints (`modelChoiceLabel` of choice-labels.ts, without the printer).
export { formatFileSize, modelChoiceLabel };

/** What a printed document answer needs (a GET /api/document-answer entry fits). */
export interface PrintedDocument {
  readonly file_name?: string;
  readonly file_size?: number;
  readonly status?: string;
}

export interface PrintInput {
  readonly answers: Readonly<Answers>;
  /** Tab group id -> chosen tab id. */
  readonly tabs?: Readonly<Record<string, string>>;
  /** Add-another button id -> stored count. */
  readonly addAnother?: Readonly<Record<string, number>>;
  /** Document answers by question key. */
  readonly documents?: Readonly<Record<string, PrintedDocument>>;
  /**
   * How boxes print: `marks` as the spec's paper form has them ("[X]", "[ ]", a group as every
   * option with its mark), the default; `words` for a screen (the staff view): "Yes" or "No", a
   * group as the labels chosen, one a line, and nothing (Not answered) when none is.
   */
  readonly boxes?: 'marks' | 'words';
}

/** One printed line: `key` is the question key (or the tab group id), `value` '' when unanswered. */
export interface PrintedRow {
  readonly key: string;
  readonly label: string;
  readonly value: string;
}

/** A printed section: its rows as the printer makes them, or as a snapshot keeps them (form/snapshot.ts). */
interface SectionOf<Row> {
  readonly id: string;
  readonly title: string;
  readonly rows: readonly Row[];
}

export interface PageOf<Row> {
  /** A page of the model, or of the form an application was submitted on (form/snapshot.ts). */
  readonly id: string;
  readonly number: number;
  readonly title: string;
  readonly sections: readonly SectionOf<Row>[];
}

export type PrintedSection = SectionOf<PrintedRow>;
export type PrintedPage = PageOf<PrintedRow>;

/** The same pages and sections, each row made anew from the row at its place (page, section, row). */
export function withRows<From, To>(pages: readonly PageOf<From>[], row: (from: From, page: number, section: number, index: number) => To): PageOf<To>[] {
  return pages.map((page, p) => ({
    id: page.id,
    number: page.number,
    title: page.title,
    sections: page.sections.map((section, s) => ({ id: section.id, title: section.title, rows: section.rows.map((r, i) => row(r, p, s, i)) })),
  }));
}

/** What a row with no answer shows. */
export const UNANSWERED_TEXT = 'Not answered';
export const NO_DOCUMENT_TEXT = 'No document attached';

/** "May 1, 2009" for 2009-05-01; anything that is not a valid date prints as stored. */
export function dateInWords(iso: string): string {
  if (!isValidIsoDate(iso)) return iso;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${optionLabel(months, String(m))} ${d}, ${y}`;
}

/** A document question's printed value: the attached document, or that there is none. */
export function printedDocument(d: PrintedDocument | undefined): string {
  if (!d || !isAttachedDocument(d)) return NO_DOCUMENT_TEXT;
  const size = formatFileSize(d.file_size);
  return `Document attached: ${d.file_name}${size ? ` (${size})` : ''}`;
}

function choiceLabel(q: Question & { type: 'dropdown' | 'radio' }, a: Readonly<Answers>): string {
  return modelChoiceLabel(q.key, q, a) || (a[q.key] ?? '');
}

/** The printed value of one question, '' when unanswered. */
export function printedValue(q: Question, input: PrintInput): string {
  const a = input.answers;
  const v = a[q.key] ?? '';
  switch (q.type) {
    case 'checkbox':
      return input.boxes === 'words' ? checkboxInWords(v) : printCheckbox(v);
    case 'checkboxGroup':
      return input.boxes === 'words'
        ? q.options
            .filter((o) => a[o.yupValueKey] === 'true')
            .map((o) => o.label)
            .join('\n')
        : q.options.map((o) => `${printCheckbox(a[o.yupValueKey])} ${o.label}`).join('\n');
    case 'dropdown':
    case 'radio':
      return choiceLabel(q, a);
    case 'monthYear': {
      const month = v ? optionLabel(months, v) || v : '';
      return [month, a[q.yearKey] ?? ''].filter(Boolean).join(' ');
    }
    case 'date':
      return dateInWords(v);
    case 'file':
      return printedDocument(input.documents?.[q.key]);
    default:
      return v;
  }
}

/** What the printed row of a question or tab group is called: its print label, else its label. */
export const printLabelOf = (n: Question | TabGroupNode): string => n.printLabel ?? n.label;

/** A question holds an answer: a ticked box, a chosen option, typed text, an attached document. */
function holdsAnswer(q: Question, input: PrintInput): boolean {
  return q.type === 'file' ? isAttachedDocument(input.documents?.[q.key]) : answered(input.answers, questionAnswerKeys(q));
}

/**
 * An unanswered question is left out while its alternative is answered. The two sit side by side
 * in one block, so they show and hide together.
 */
function printedBesideItsAlternative(q: Question, input: PrintInput): boolean {
  const other = q.alternativeOf === undefined ? undefined : questionFor(q.alternativeOf);
  return !other || holdsAnswer(q, input) || !holdsAnswer(other, input);
}

/** A block holds something when any of its answers or documents does. */
function blockHolds(block: readonly FormNode[], input: PrintInput): boolean {
  return answered(input.answers, answerKeysIn(block)) || fileKeysIn(block).some((k) => isAttachedDocument(input.documents?.[k]));
}

/** The blocks of an add-another that print: those shown for the count that hold an answer. */
export function printedBlocks(n: AddAnotherNode, input: PrintInput): (readonly FormNode[])[] {
  const count = addAnotherCount(n, input.answers, { addAnother: input.addAnother ?? {} });
  return n.blocks.slice(0, count).filter((b) => blockHolds(b, input));
}

/** The printed rows of some content, in form order. */
export function printRows(nodes: readonly FormNode[], input: PrintInput): PrintedRow[] {
  const triggers = Object.fromEntries(nodesIn(nodes).flatMap((n) => (n.kind === 'trigger' ? [[n.id, true]] : [])));
  const ctx: FormContext = { tabs: input.tabs ?? {}, addAnother: input.addAnother ?? {}, triggers };
  const children = (n: FormNode): readonly FormNode[] => (n.kind === 'addAnother' ? printedBlocks(n, input).flat() : visibleChildren(n, input.answers, ctx));
  const rows: PrintedRow[] = [];
  for (const n of nodesIn(nodes, children)) {
    if (n.kind === 'question' && questionShown(n, input.answers) && printedBesideItsAlternative(n, input)) {
      rows.push({ key: n.key, label: printLabelOf(n), value: printedValue(n, input) });
    }
    if (n.kind === 'tabGroup') {
      const said = chosenTab(n, ctx)?.printValue;
      if (said !== undefined) rows.push({ key: n.id, label: printLabelOf(n), value: said });
    }
  }
  return rows;
}

/** The application as printed: the institution's PDF pages in order, sections with at least one row. */
export function printApplication(input: PrintInput): Array<PrintedPage & { readonly id: PageId }> {
  return institution.pdfPages.map((id) => {
    const page = getPage(id);
    const sections = page.sections
      .map((s): PrintedSection => ({ id: s.id, title: s.title, rows: printRows(s.children, input) }))
      .filter((s) => s.rows.length > 0);
    return { id: page.id, number: page.number, title: page.title, sections };
  });
}

/**
 * The submission's date and time in words, in the institution's time zone and `language` (the
 * institution's by default): "May 1, 2009 at 3:04 PM CDT", "1 de mayo de 2009, 3:04 p.m. CDT".
 */
export function submittedAtInWords(iso: string, timeZone: string = institution.timeZone, language: string = DEFAULT_LANGUAGE): string {
  return momentInWordsIn(iso, timeZone, language);
}

/** The printed header's lines under the title: when it was submitted and its reference. */
export function printHeaderLines(submission: { submittedAt?: string | null; reference?: string | null }): string[] {
  const lines: string[] = [];
  const when = submission.submittedAt ? submittedAtInWords(submission.submittedAt) : '';
  if (when) lines.push(`Submitted ${when}`);
  if (submission.reference) lines.push(`Reference ${submission.reference}`);
  return lines;
}
