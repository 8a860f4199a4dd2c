import { describe, expect, it } from 'vitest';
import { timetable } from '#form/institution-cycles';
import { pages } from '#form/model';
import { Invalid } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import { MemoryExports } from '../memory-exports.test-support';
import type { DraftApplication } from '../ports/in-progress';
import { exportInProgress, IN_PROGRESS_COLUMNS, IN_PROGRESS_PAGE, listInProgress, type InProgressExportPorts } from './in-progress';

const CYCLE = timetable.cycles[0]!;
const OTHER = timetable.cycles[1]!;
const NOW = new Date(`${CYCLE.opens}T12:00:00.000Z`);
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = (n: number) => new Date(NOW.getTime() + n * 60_000).toISOString();

/** The index and the answers items in memory, as the adapter answers: one cycle's entries newest first, below `after`. */
function world(drafts: Array<DraftApplication & { cycle: string }>) {
  const reads: string[] = [];
  const { audit, records } = memoryAudit();
  const exports = new MemoryExports();
  const sortOf = (d: DraftApplication) => `${d.startedAt}#${d.id}`;
  const ports: InProgressExportPorts = {
    queryInProgress: (cycle, limit, after) => {
      const all = drafts.filter((d) => d.cycle === cycle && (!after || sortOf(d) < after)).sort((a, b) => sortOf(b).localeCompare(sortOf(a)));
      const slice = all.slice(0, limit);
      return Promise.resolve(all.length > limit ? { ids: slice.map((d) => d.id), next: sortOf(slice.at(-1)!) } : { ids: slice.map((d) => d.id) });
    },
    readDraft: (draft) => {
      reads.push(draft);
      const found = drafts.find((d) => d.id === draft);
      return Promise.resolve(found && { ...found, answers: { ...found.answers } });
    },
    audit,
    timetable,
    now: () => NOW,
    exports,
  };
  return { ports, records, reads, exports };
}

const draft = (n: number, extra: Partial<DraftApplication & { cycle: string }> = {}): DraftApplication & { cycle: string } => ({
  id: id(n),
  cycle: CYCLE.id,
  answers: { first_name: `First${n}`, last_name: `Last${n}` },
  email: `a${n}@example.com`,
  startedAt: at(n),
  updatedAt: at(n + 1000),
  submitted: false,
  ...extra,
});

describe('applications in progress', () => {
  it('lists a cycle newest start first: who, where, the last save, and the pages not yet passing the form’s rules; the list audited', async () => {
    const { ports, records } = world([draft(1), draft(2), draft(3, { cycle: OTHER.id })]);
    const page = await listInProgress(ports, {});
    expect(page).toMatchObject({ cycle: CYCLE.id, cursor: null });
    expect(page.items.map((r) => r.id)).toEqual([id(2), id(1)]);
    expect(page.items[0]).toEqual({
      id: id(2),
      name: 'First2 Last2',
      email: 'a2@example.com',
      cycle: CYCLE.id,
      cycle_label: CYCLE.label,
      ...(CYCLE.rounds.length === 1 ? { round: CYCLE.rounds[0]!.id, round_label: CYCLE.rounds[0]!.label } : {}),
      started_at: at(2),
      last_activity: at(1002),
      pages_done: 0,
      pages_total: pages.length,
      missing: pages.map((p) => p.title),
    });
    // Nothing of the answers beyond the name.
    expect(Object.keys(page.items[0]!)).not.toContain('answers');
    expect(records).toEqual([{ action: 'in-progress', detail: { cycle: CYCLE.id } }]);
    expect((await listInProgress(ports, { cycle: OTHER.id })).items.map((r) => r.id)).toEqual([id(3)]);
  });

  it('pages by the cursor, and leaves out what was submitted or erased since the index was read', async () => {
    const many = Array.from({ length: IN_PROGRESS_PAGE + 3 }, (_, n) => draft(n + 10));
    const { ports } = world([...many, draft(100, { submitted: true })]);
    const first = await listInProgress(ports, {});
    expect(first.items).toHaveLength(IN_PROGRESS_PAGE);
    expect(first.items.map((r) => r.id)).not.toContain(id(100));
    expect(first.cursor).toEqual(expect.any(String));
    const second = await listInProgress(ports, { cursor: first.cursor! });
    expect(second.cursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((r) => r.id))).toEqual(new Set(many.map((d) => d.id)));
    const erased = world([draft(1)]);
    erased.ports.readDraft = () => Promise.resolve(undefined);
    expect((await listInProgress(erased.ports, {})).items).toEqual([]);
  });

  it('filters by the round chosen, and refuses a cycle or round that is not configured before reading or recording anything', async () => {
    const round = CYCLE.rounds[0]!.id;
    const { ports, records, reads } = world([draft(1, { answers: { application_round: round } }), draft(2, { answers: { application_round: 'elsewhere' } })]);
    expect((await listInProgress(ports, { round })).items.map((r) => r.id)).toEqual([id(1)]);
    records.length = 0;
    reads.length = 0;
    await expect(listInProgress(ports, { cycle: 'nope' })).rejects.toBeInstanceOf(Invalid);
    await expect(listInProgress(ports, { round: 'nope' })).rejects.toBeInstanceOf(Invalid);
    expect(records).toEqual([]);
    expect(reads).toEqual([]);
  });

  it('exports every page as CSV with the same columns, audited, and answers a link', async () => {
    const { ports, records, exports } = world([draft(1), draft(2, { answers: { first_name: 'Zoë, "Z"', last_name: 'Ng' } })]);
    const link = await exportInProgress(ports, {});
    expect(link).toMatch(new RegExp(`^https://exports/exports/.+\\.csv\\?as=applications-in-progress-${CYCLE.id}-`));
    const [object] = [...exports.objects.values()];
    const lines = object!.chunks
      .join('')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(IN_PROGRESS_COLUMNS.join(','));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^"Zoë, ""Z"" Ng",a2@example\.com,/);
    expect(lines[1]).toContain(`,0,${pages.length},${pages.map((p) => p.title).join('; ')}`);
    expect(records).toEqual([{ action: 'in-progress.csv', detail: { cycle: CYCLE.id } }]);
  });
});
