/**
 * Applications in progress (issue 39, item 3): the staff list of applications started and not
 * submitted, a cycle at a time, newest start first, and its CSV export. Each row says who
 * (name, e-mail), where (cycle, round), when they last saved, and how far they are: the pages
 * whose answers pass the form's own rules (form/validation, run here on the stored answers with
 * the form's default tabs), and the titles of those that do not. Nothing else of the application
 * leaves this module: no answer, no document.
 *
 * The list reads a sparse index the applicant's save keeps in its one write (ports/in-progress.ts),
 * then each listed application's answers item: a page's reads, never a scan of every applicant.
 */
import { randomUUID } from 'node:crypto';
import { CSV_BOM, csvLine } from '#form/csv';
import type { Timetable } from '#form/institution-cycles';
import { pages } from '#form/model';
import { officeCycle, roundsOf } from '#form/office-cycle';
import { cycleById } from '#form/timetable';
import type { CycleConfig } from '#form/types';
import { validatePage } from '#form/validation/validate';
import type { InProgressFilters, InProgressPage, InProgressQuery, InProgressRow } from '#form/wire/in-progress';
import { Invalid } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { ExportsBucket } from '../ports/exports';
import type { DraftApplication, InProgressIndex } from '../ports/in-progress';
import { ROUND_KEY } from '../ports/keys';
import { writeStreamed } from '../streamed-export';

export interface InProgressPorts extends InProgressIndex {
  audit: StaffAudit;
  timetable: Timetable;
  now(): Date;
}

export interface InProgressExportPorts extends InProgressPorts {
  exports: ExportsBucket;
}

/** Rows of a page of the list. */
export const IN_PROGRESS_PAGE = 25;
/** Index reads a page makes at most while a round filter leaves it short. */
const MAX_READS = 5;
/** Answers items read at once. */
const PARALLEL_READS = 10;

export const IN_PROGRESS_COLUMNS = ['name', 'email', 'cycle', 'round', 'started_at', 'last_activity', 'pages_done', 'pages_total', 'missing'] as const;

export function cycleOf(t: Timetable, filters: InProgressFilters, now: Date): CycleConfig {
  const id = filters.cycle ?? officeCycle(t, now)?.id;
  const cycle = id === undefined ? undefined : cycleById(t.cycles, id);
  if (!cycle) {
    const message = `There is no cycle “${id ?? ''}”: choose one of ${t.cycles.map((c) => c.id).join(', ')}.`;
    throw new Invalid(message, { cycle: [message] });
  }
  if (filters.round && !roundsOf(t, cycle.id).some((r) => r.id === filters.round)) {
    const message = `There is no round “${filters.round}” in ${cycle.label}: choose one of ${cycle.rounds.map((r) => r.id).join(', ')}.`;
    throw new Invalid(message, { round: [message] });
  }
  return cycle;
}

/** The round the applicant chose, or the cycle's only round. */
function roundOf(cycle: CycleConfig, draft: DraftApplication): string | undefined {
  return draft.answers[ROUND_KEY] || (cycle.rounds.length === 1 ? cycle.rounds[0]?.id : undefined);
}

function nameOf(draft: DraftApplication): string {
  const { first_name, preferred_name, last_name } = draft.answers;
  return [preferred_name || first_name, last_name].filter(Boolean).join(' ');
}

/** The row of one application: how far its answers pass the form's rules, and nothing of the answers themselves. */
export function rowOf(cycle: CycleConfig, draft: DraftApplication, now: Date): InProgressRow {
  const missing = pages.filter((page) => Object.keys(validatePage(page.id, draft.answers, { now })).length > 0).map((page) => page.title);
  const round = roundOf(cycle, draft);
  const roundLabel = round === undefined ? undefined : cycle.rounds.find((r) => r.id === round)?.label;
  return {
    id: draft.id,
    name: nameOf(draft),
    email: draft.email,
    cycle: cycle.id,
    cycle_label: cycle.label,
    ...(round === undefined ? {} : { round }),
    ...(roundLabel === undefined ? {} : { round_label: roundLabel }),
    started_at: draft.startedAt,
    last_activity: draft.updatedAt,
    pages_done: pages.length - missing.length,
    pages_total: pages.length,
    missing,
  };
}

async function readAll(ports: InProgressIndex, ids: readonly string[]): Promise<Array<DraftApplication | undefined>> {
  const out: Array<DraftApplication | undefined> = [];
  for (let i = 0; i < ids.length; i += PARALLEL_READS) out.push(...(await Promise.all(ids.slice(i, i + PARALLEL_READS).map((id) => ports.readDraft(id)))));
  return out;
}

/** Rows from where `after` ends, up to `limit`, and where the next page starts. */
export async function rowsFrom(
  ports: InProgressIndex,
  cycle: CycleConfig,
  round: string | undefined,
  limit: number,
  after: string | undefined,
  now: Date,
): Promise<{ items: InProgressRow[]; next?: string }> {
  const items: InProgressRow[] = [];
  let next = after;
  for (let reads = 0; reads < MAX_READS && items.length < limit; reads++) {
    const slice = await ports.queryInProgress(cycle.id, limit - items.length, next);
    const drafts = await readAll(ports, slice.ids);
    for (const draft of drafts) {
      // Submitted or erased since the index was read: not in progress any more.
      if (!draft || draft.submitted) continue;
      const row = rowOf(cycle, draft, now);
      if (round === undefined || row.round === round) items.push(row);
    }
    next = slice.next;
    if (!next) break;
  }
  return next ? { items, next } : { items };
}

const detailOf = (cycle: CycleConfig, filters: InProgressFilters) => ({ cycle: cycle.id, ...(filters.round ? { round: filters.round } : {}) });

export async function listInProgress(ports: InProgressPorts, query: InProgressQuery): Promise<InProgressPage> {
  const now = ports.now();
  const cycle = cycleOf(ports.timetable, query, now);
  await ports.audit({ action: 'in-progress', detail: detailOf(cycle, query) });
  const { items, next } = await rowsFrom(ports, cycle, query.round, IN_PROGRESS_PAGE, query.cursor, now);
  return { cycle: cycle.id, items, cursor: next ?? null };
}

export function inProgressCsvRow(row: InProgressRow): string {
  return csvLine([
    row.name,
    row.email,
    row.cycle_label,
    row.round_label ?? '',
    row.started_at,
    row.last_activity,
    String(row.pages_done),
    String(row.pages_total),
    row.missing.join('; '),
  ]);
}

/** Every application in progress of the cycle (and round) as CSV in the exports bucket: a short-lived link to it. */
export async function exportInProgress(ports: InProgressExportPorts, filters: InProgressFilters): Promise<string> {
  const now = ports.now();
  const cycle = cycleOf(ports.timetable, filters, now);
  await ports.audit({ action: 'in-progress.csv', detail: detailOf(cycle, filters) });
  const key = `exports/${now.toISOString().slice(0, 10)}/${randomUUID()}.csv`;
  const type = 'text/csv; charset=utf-8';
  await writeStreamed(ports.exports, key, type, async (object) => {
    await object.write(CSV_BOM + csvLine(IN_PROGRESS_COLUMNS));
    let after: string | undefined;
    do {
      const page = await rowsFrom(ports, cycle, filters.round, 100, after, now);
      if (page.items.length) await object.write(page.items.map(inProgressCsvRow).join(''));
      after = page.next;
    } while (after);
  });
  return ports.exports.presign(key, `applications-in-progress-${cycle.id}-${now.toISOString().slice(0, 10)}.csv`, type);
}
