import { describe, expect, it } from 'vitest';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { Invalid } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { SubmissionFilters, SubmittedApplication } from '../ports/submissions';
import { encodeCursor, listApplications } from './listing';

/** 2026–27 (id 2027, the first configured) with early action and regular decision, then 2027–28 (id 2028). */
const timetable = chicagoTimetable([
  { id: 'ea', label: 'Early Action', deadline: '2026-11-01', lateDays: 3, decisionDate: '2026-12-15', replyBy: '2027-05-01' },
  { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' },
]);

const app: SubmittedApplication = {
  id: 'a1',
  reference: 'REF12345',
  email: 'ada@example.edu',
  submittedAt: '2027-01-01T00:00:00.000Z',
  answers: { first_name: 'Ada' },
  officeStatus: 'submitted',
  decision: 'admit',
};

/** The index in memory: it answers `items` and keeps the filters each query was given. */
function ports(items: SubmittedApplication[] = [app]) {
  const m = memoryAudit();
  const asked: SubmissionFilters[] = [];
  const querySubmissions = (filters: SubmissionFilters) => (m.journal.push('query'), asked.push(filters), Promise.resolve({ items }));
  return { ...m, asked, ports: { audit: m.audit, querySubmissions, timetable } };
}

describe("the office's list of applications", () => {
  it('records the list and its filters before anything is read', async () => {
    const m = ports();
    const page = await listApplications(m.ports, { filters: { term: '2027FA' } }, 'admin');
    expect(m.journal).toEqual(['audit:list', 'query']);
    expect(m.records).toEqual([{ action: 'list', detail: { term: '2027FA' } }]);
    expect(page).toMatchObject({ items: [{ id: 'a1', reference: 'REF12345' }], cursor: null });
  });

  it('refuses a cursor it did not make before recording or reading anything', async () => {
    const m = ports();
    await expect(listApplications(m.ports, { filters: {}, cursor: 'not-a-cursor' }, 'reader')).rejects.toBeInstanceOf(Invalid);
    expect(m.journal).toEqual([]);
  });

  it('shows a reader no decision, and a decider the recorded one', async () => {
    const reader = await listApplications(ports().ports, { filters: {} }, 'reader');
    const decider = await listApplications(
      ports().ports,
      { filters: {}, cursor: encodeCursor({ pk: 'a0', submitted_sort: `2027-01-02#a0` }) ?? undefined },
      'decider',
    );
    expect(reader.items[0]).not.toHaveProperty('decision');
    expect(decider.items[0]).toMatchObject({ decision: 'admit' });
  });

  it('filters by cycle, round and lateness as the index applies them: the first cycle takes the applications from before cycles', async () => {
    const m = ports();
    await listApplications(m.ports, { filters: { cycle: '2027', round: 'ea', late: 'true', term: '2027FA' } }, 'reader');
    await listApplications(m.ports, { filters: { cycle: '2028', late: 'false' } }, 'reader');
    // Without a cycle, a round id of any configured cycle.
    await listApplications(m.ports, { filters: { round: 'rd' } }, 'reader');
    expect(m.asked).toEqual([
      { cycle: { id: '2027', withUnplaced: true }, round: 'ea', late: true, term: '2027FA' },
      { cycle: { id: '2028', withUnplaced: false }, late: false },
      { round: 'rd' },
    ]);
    // The record keeps the filters as asked.
    expect(m.records.map((r) => r.detail)).toEqual([
      { cycle: '2027', round: 'ea', late: 'true', term: '2027FA' },
      { cycle: '2028', late: 'false' },
      { round: 'rd' },
    ]);
  });

  it.each([
    [{ cycle: '1999' }, 'There is no cycle “1999”: the cycles are 2027 (2026–27), 2028 (2027–28).'],
    [{ cycle: '2028', round: 'ea' }, 'There is no round “ea” in the cycle 2027–28: the rounds are rd (Regular Decision).'],
    [{ round: 'ed' }, 'There is no round “ed” in any cycle: the rounds are ea (Early Action), rd (Regular Decision).'],
  ])('refuses %o in words (400) before recording or reading anything', async (filters, message) => {
    const m = ports();
    await expect(listApplications(m.ports, { filters }, 'admin')).rejects.toMatchObject({ status: 400, message });
    expect(m.journal).toEqual([]);
  });

  it('says each row’s cycle, round and lateness; one submitted before cycles is the first cycle’s, in no round, on time', async () => {
    const late: SubmittedApplication = { ...app, id: 'late', placement: { cycle: '2027', round: 'ea', late: true } };
    const nextYear: SubmittedApplication = { ...app, id: 'next', placement: { cycle: '2028', round: 'rd', late: false } };
    const page = await listApplications(ports([late, nextYear, app]).ports, { filters: {} }, 'reader');
    const placement = ({ id, cycle, cycle_label, round, round_label, late }: (typeof page.items)[number]) => ({
      id,
      cycle,
      cycle_label,
      round,
      round_label,
      late,
    });
    expect(page.items.map(placement)).toEqual([
      { id: 'late', cycle: '2027', cycle_label: '2026–27', round: 'ea', round_label: 'Early Action', late: true },
      { id: 'next', cycle: '2028', cycle_label: '2027–28', round: 'rd', round_label: 'Regular Decision', late: false },
      { id: 'a1', cycle: '2027', cycle_label: '2026–27', round: '', round_label: '', late: false },
    ]);
  });
});
