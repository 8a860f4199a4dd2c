/**
 * Exports of submitted applications, written page by page: a page of the index is read,
 * written out and dropped before the next is read.
 */
import { randomUUID } from 'node:crypto';
import type { ChecklistEntry } from '#form/checklist';
import { CSV_BOM, csvLine } from '#form/csv';
import type { ApplicantRecordReader } from '../ports/answers';
import type { DecisionRecord, DecisionStore } from '../ports/decisions';
import type { SubmissionFilters, SubmissionsQuery, SubmittedApplication } from '../ports/submissions';
import type { TabsReader } from '../ports/tabs';
import { statusChecklist } from '../status-page';
import { asSubmittedCell, EXPORT_COLUMNS, exportRow } from './export-columns';

export type ExportFormat = 'csv' | 'json';
/** Applications per index read during an export. */
export const EXPORT_PAGE = 100;

export const EXPORT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' };

export interface ExportSink {
  write(text: string): Promise<void>;
}

/** Every submitted application matching the filters, newest first, one page in memory at a time. */
export async function* submittedPages(index: SubmissionsQuery, filters: SubmissionFilters, pageSize = EXPORT_PAGE): AsyncGenerator<SubmittedApplication[]> {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await index.querySubmissions(filters, pageSize, start);
    if (page.items.length) yield page.items;
    start = page.next;
  } while (start);
}

/**
 * What an export reads: the index, per application what its status page's checklist reads, and
 * its decision record when the export may show decisions (a decider's or an admin's: without
 * `readDecision` the decision columns stay blank and no record is read).
 */
export type ExportSources = SubmissionsQuery & ApplicantRecordReader & TabsReader & Partial<Pick<DecisionStore, 'readDecision'>>;

interface PerApplication {
  checklist: ChecklistEntry[];
  /** The `as_submitted` cell (export-columns.ts). */
  asSubmitted: string;
  decision?: DecisionRecord;
}

/** Applications whose checklist is read at once. */
const CHECKLIST_READS = 10;

/**
 * The materials' states of each application of a page, by the status page's own rule
 * (status-page.ts), so the office and the applicant never read two answers; and its decision
 * record where the export shows decisions.
 */
async function perApplication(sources: ExportSources, page: readonly SubmittedApplication[]): Promise<PerApplication[]> {
  const out: PerApplication[] = [];
  for (let i = 0; i < page.length; i += CHECKLIST_READS) {
    const batch = page.slice(i, i + CHECKLIST_READS);
    out.push(
      ...(await Promise.all(
        batch.map(async (app) => {
          const [record, tabs, decision] = await Promise.all([sources.readApplicantRecord(app.id), sources.readTabs(app.id), sources.readDecision?.(app.id)]);
          return { checklist: statusChecklist(record, tabs), asSubmitted: asSubmittedCell(record), ...(decision ? { decision } : {}) };
        }),
      )),
    );
  }
  return out;
}

/**
 * Columns kept outside the application's own answers (the recommendations' statuses): appended
 * after the model's columns, their values read a page at a time.
 */
export interface ExportExtension {
  columns: readonly string[];
  rowsFor(page: readonly SubmittedApplication[]): Promise<Array<Record<string, string>>>;
}

/** Writes the export to the sink; returns how many applications it holds. */
export async function writeExport(
  sources: ExportSources,
  format: ExportFormat,
  filters: SubmissionFilters,
  sink: ExportSink,
  extension?: ExportExtension,
): Promise<number> {
  let count = 0;
  const columns = [...EXPORT_COLUMNS, ...(extension?.columns ?? [])];
  if (format === 'csv') await sink.write(CSV_BOM + csvLine(columns));
  else await sink.write('[');
  for await (const page of submittedPages(sources, filters)) {
    const read = await perApplication(sources, page);
    let text = '';
    const extra = extension ? await extension.rowsFor(page) : [];
    for (const [i, app] of page.entries()) {
      const row = { ...exportRow(app, read[i]?.checklist ?? [], read[i]?.decision, read[i]?.asSubmitted), ...extra[i] };
      text += format === 'csv' ? csvLine(columns.map((c) => row[c] ?? '')) : `${count === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
      count += 1;
    }
    await sink.write(text);
  }
  if (format === 'json') await sink.write('\n]\n');
  return count;
}

export function exportKey(format: ExportFormat, now: Date = new Date()): string {
  return `exports/${now.toISOString().slice(0, 10)}/${randomUUID()}.${format}`;
}

export function exportFileName(format: ExportFormat, now: Date = new Date()): string {
  return `applications-${now.toISOString().slice(0, 16).replace(/[:T]/g, '-')}.${format}`;
}
