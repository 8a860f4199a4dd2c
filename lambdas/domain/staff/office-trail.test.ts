import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '#form/wire/audit';
import type { TrailFilters } from '#form/wire/staff';
import { memoryTrail } from '../memory-audit.test-support';
import type { AuditRecord, TrailRecord } from '../ports/audit';
import { readOfficeTrail, TRAIL_LIMITS, trailRange, type TrailLimits } from './office-trail';

const ZONE = 'America/Chicago';
const STAFF = ['ada@office.edu', 'bob@office.edu', 'cy@office.edu', 'cli:operator'];

function record(n: number, action: AuditAction, staff: string, at: Date, application?: string): TrailRecord {
  const iso = at.toISOString();
  return {
    at: iso,
    staff,
    action,
    ip: '192.0.2.1',
    ...(application ? { application } : {}),
    key: `${iso}#${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`,
  };
}

/** Every page of the view, following its cursor (at most `cap` pages). */
async function everyPage(records: readonly TrailRecord[], filters: TrailFilters, limits: TrailLimits = TRAIL_LIMITS, cap = 500) {
  const trail = memoryTrail(records);
  const pages: AuditRecord[][] = [];
  let cursor: string | undefined;
  do {
    const before = trail.reads.length;
    const page = await readOfficeTrail(trail.readTrail, filters, ZONE, cursor, limits);
    // One request's reads are bounded, whatever the trail holds.
    const queries = trail.reads.slice(before);
    expect(queries.length).toBeLessThanOrEqual(limits.rounds * (filters.action ? 1 : AUDIT_ACTIONS.length));
    expect(Math.max(0, ...queries)).toBeLessThanOrEqual(Math.max(limits.read, limits.page));
    expect(page.items.length).toBeLessThanOrEqual(limits.page);
    pages.push(page.items);
    cursor = page.next;
  } while (cursor && pages.length < cap);
  return { pages, items: pages.flat(), ended: !cursor };
}

const expected = (records: readonly TrailRecord[], filters: TrailFilters) => {
  const { from, before } = trailRange(filters, ZONE);
  return records
    .filter((r) => (!filters.staff || r.staff === filters.staff) && (!filters.action || r.action === filters.action) && r.key >= from && r.key < before)
    .sort((a, b) => (a.key < b.key ? 1 : -1))
    .map(({ key: _key, ...rest }) => rest);
};

describe('the office-wide access record', () => {
  it('merges every action across every partition, newest first, page by page: nothing lost or repeated, whatever the filters', async () => {
    const start = Date.parse('2026-09-01T00:00:00Z');
    const arbitraryRecords = fc
      .array(
        fc.record({
          action: fc.constantFrom(...AUDIT_ACTIONS.slice(0, 6)),
          staff: fc.constantFrom(...STAFF),
          // Up to ten days, some records in the same millisecond.
          offset: fc.integer({ min: 0, max: 10 * 86_400 }).map((s) => s * 1000),
          application: fc.option(fc.constantFrom('a1', 'a2', 'a3'), { nil: undefined }),
        }),
        { maxLength: 400 },
      )
      .map((drawn) => drawn.map((d, n) => record(n, d.action, d.staff, new Date(start + d.offset), d.application)));
    const arbitraryFilters = fc.record(
      {
        staff: fc.constantFrom(...STAFF),
        action: fc.constantFrom(...AUDIT_ACTIONS.slice(0, 6)),
        from: fc.constantFrom('2026-08-30', '2026-09-03', '2026-09-05'),
        to: fc.constantFrom('2026-09-04', '2026-09-08', '2026-09-20'),
      },
      { requiredKeys: [] },
    );
    // Small pages and reads, so that pages end short, actions run out at different points and rounds run out.
    const arbitraryLimits = fc.record({ page: fc.integer({ min: 1, max: 6 }), read: fc.integer({ min: 1, max: 8 }), rounds: fc.integer({ min: 1, max: 3 }) });
    await fc.assert(
      fc.asyncProperty(arbitraryRecords, arbitraryFilters, fc.option(arbitraryLimits, { nil: undefined }), async (records, filters, limits) => {
        if (filters.from && filters.to && filters.from > filters.to) return;
        const { items, ended } = await everyPage(records, filters, limits);
        expect(ended).toBe(true);
        expect(items).toEqual(expected(records, filters));
      }),
      { numRuns: 80 },
    );
  });

  it("shows a record only once every other action has been read down to it: an action's older match waits for another's newer one", async () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 8, 1, 12, minute));
    // Cy's sign-in is older than Cy's read, which sits under two newer reads of Ada's.
    const records = [
      record(1, 'sign-in', 'cy@office.edu', at(10)),
      record(2, 'read', 'ada@office.edu', at(20), 'a1'),
      record(3, 'read', 'ada@office.edu', at(15), 'a1'),
      record(4, 'read', 'cy@office.edu', at(12), 'a2'),
    ];
    const limits = { page: 5, read: 1, rounds: 1 };
    const { pages, items } = await everyPage(records, { staff: 'cy@office.edu' }, limits);
    expect(items.map((r) => r.action)).toEqual(['read', 'sign-in']);
    expect(pages.length).toBeGreaterThan(2);
    // With enough rounds, one request reads far enough to show both.
    expect((await everyPage(records, { staff: 'cy@office.edu' }, { ...limits, rounds: 4 })).pages[0]!.map((r) => r.action)).toEqual(['read', 'sign-in']);
  });

  it('answers a full first page from one read of every action when nothing is filtered', async () => {
    const records = AUDIT_ACTIONS.flatMap((action, i) =>
      Array.from({ length: 30 }, (_, n) => record(i * 100 + n, action, 'ada@office.edu', new Date(Date.UTC(2026, 8, 1, 0, i, n)))),
    );
    const trail = memoryTrail(records);
    const page = await readOfficeTrail(trail.readTrail, {}, ZONE);
    expect(trail.reads).toHaveLength(AUDIT_ACTIONS.length);
    expect(page.items).toEqual(expected(records, {}).slice(0, TRAIL_LIMITS.page));
    expect(page.next).toBeDefined();
  });

  it('finds one erasure among many records by its action alone: one read', async () => {
    const reads = Array.from({ length: 5000 }, (_, n) => record(n, 'read', 'ada@office.edu', new Date(Date.UTC(2026, 0, 1) + n * 60_000), 'a1'));
    const erased = record(9999, 'erase', 'boss@office.edu', new Date(Date.UTC(2026, 0, 2)), 'gone');
    const trail = memoryTrail([...reads, erased]);
    const page = await readOfficeTrail(trail.readTrail, { action: 'erase' }, ZONE);
    expect(page).toEqual({ items: [expected([erased], {})[0]] });
    expect(trail.reads).toEqual([1]);
  });

  it('refuses, in words and without a read, an action the record does not have', async () => {
    const trail = memoryTrail([]);
    await expect(readOfficeTrail(trail.readTrail, { action: 'delete' }, ZONE)).rejects.toThrow(/^The record has no action “delete”: it is one of .*erase/);
    expect(trail.reads).toEqual([]);
  });

  it("bounds one request's reads under a staff filter: a short page and a cursor, which resumes without losing a record", async () => {
    // One record of Cy's under 2,000 records of others, older than all of them.
    const others = Array.from({ length: 2000 }, (_, n) => record(n, 'read', 'ada@office.edu', new Date(Date.UTC(2026, 5, 1) + n * 60_000), 'a1'));
    const cys = record(5000, 'read', 'cy@office.edu', new Date(Date.UTC(2026, 4, 1)), 'a2');
    const trail = memoryTrail([...others, cys]);
    const first = await readOfficeTrail(trail.readTrail, { staff: 'cy@office.edu', action: 'read' }, ZONE);
    expect(first.items).toEqual([]);
    expect(first.next).toBeDefined();
    expect(trail.reads.reduce((a, b) => a + b, 0)).toBe(TRAIL_LIMITS.rounds * TRAIL_LIMITS.read);
    const { items } = await everyPage([...others, cys], { staff: 'cy@office.edu', action: 'read' });
    expect(items).toEqual(expected([cys], {}));
  });

  it("reads the filters' days on the institution's clock, both included", () => {
    // Chicago is five hours behind UTC in September, six in January.
    expect(trailRange({ from: '2026-09-01', to: '2026-09-07' }, ZONE)).toEqual({ from: '2026-09-01T05:00:00.000Z', before: '2026-09-08T05:00:00.000Z' });
    expect(trailRange({ from: '2027-01-15' }, ZONE).from).toBe('2027-01-15T06:00:00.000Z');
    // Without dates, every record: sort keys begin with a year.
    const open = trailRange({}, ZONE);
    expect(open.from < '1970').toBe(true);
    expect(open.before > '2999-12-31T23:59:59.999Z#ffffffff').toBe(true);
  });

  it('reads nothing when the cursor is already below the first day', async () => {
    const trail = memoryTrail([]);
    expect(await readOfficeTrail(trail.readTrail, { from: '2026-09-05' }, ZONE, '2026-09-01T00:00:00.000Z#00000000-0000-4000-8000-000000000000')).toEqual({
      items: [],
    });
    expect(trail.reads).toEqual([]);
  });
});
