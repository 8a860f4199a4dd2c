/**
 * The list's sorts and its decision, reply, high school and state filters (issue 39, item 6):
 * the parser, the roles refused, the cursor of one sort refused on another, and the score key's
 * rule in blind rounds (with the reviews' in-memory ports).
 */
import { describe, expect, it } from 'vitest';
import { policies } from '#form/institution-policies';
import { parseListQuery } from '#form/wire/staff';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { MemoryOffice } from '../decisions/memory.test-support';
import { saveReview } from '../decisions/reviews';
import { Forbidden, Invalid } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { SubmissionFilters, SubmittedApplication } from '../ports/submissions';
import { exportApplications } from './export-applications';
import { encodeCursor, listApplications } from './listing';
import { averageScore, nameSortKey, scoreOfKey, scoreSortKey } from './sort-keys';

const timetable = chicagoTimetable([
  { id: 'ea', label: 'Early Action', deadline: '2026-11-01', decisionDate: '2026-12-15', replyBy: '2027-05-01' },
  { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01', blindReading: true },
]);

const app: SubmittedApplication = {
  id: 'a1',
  reference: 'REF12345',
  email: 'ada@example.edu',
  submittedAt: '2027-01-01T00:00:00.000Z',
  answers: { first_name: 'Ada', last_name: 'Lovelace' },
  officeStatus: 'decided',
  decision: 'admit',
  averageScore: 4.3,
};

function ports(items: SubmittedApplication[] = [app]) {
  const m = memoryAudit();
  const asked: Array<{ filters: SubmissionFilters; sort: unknown; start: unknown }> = [];
  const querySubmissions = (filters: SubmissionFilters, _limit: number, start?: Record<string, unknown>, sort?: unknown) => (
    m.journal.push('query'),
    asked.push({ filters, sort, start }),
    Promise.resolve({ items, next: { pk: 'a9', name_sort: 'zola#emile#a9' } })
  );
  return { ...m, asked, ports: { audit: m.audit, querySubmissions, timetable } };
}

describe('the list query’s new filters and sorts', () => {
  it('reads the decision, reply, high school and state filters, and the sort with its order', () => {
    expect(parseListQuery({ decision: 'admit', reply: 'expired', school: 'ab1234', state: 'ca', sort: 'name', order: 'desc' })).toEqual({
      filters: { decision: 'admit', reply: 'expired', school: 'AB1234', state: 'CA' },
      sort: { by: 'name', order: 'desc' },
    });
    // Each sort's own order when none is asked: names A to Z, the rest highest or newest first.
    expect(parseListQuery({ sort: 'name' }).sort).toEqual({ by: 'name', order: 'asc' });
    expect(parseListQuery({ sort: 'score' }).sort).toEqual({ by: 'score', order: 'desc' });
    expect(parseListQuery({ sort: 'changed' }).sort).toEqual({ by: 'changed', order: 'desc' });
    expect(parseListQuery({ order: 'asc' }).sort).toEqual({ by: 'submitted', order: 'asc' });
    expect(parseListQuery({})).toEqual({ filters: {} });
  });

  it.each([
    [{ decision: 'maybe' }, 'The decision filter is one of admit, deny, waitlist, defer.'],
    [{ reply: 'yes' }, 'The reply filter is one of accept, decline, join_waitlist, expired.'],
    [{ school: '12-345' }, 'The high school filter is the school’s code (CEEB): up to 6 letters or digits.'],
    [{ state: 'ZZ' }, 'There is no state or province “ZZ”: use its two-letter code, for example CA or ON.'],
    [{ sort: 'age' }, 'The list sorts by submitted (the date), name (last name), score (average review score) or changed (last change).'],
    [{ sort: 'name', order: 'up' }, 'The order is asc (ascending) or desc (descending).'],
  ])('refuses %o in words', (raw, message) => {
    expect(() => parseListQuery(raw)).toThrow(message);
  });

  it('takes no sort in an export (an export is every page, newest first)', () => {
    expect(() => parseListQuery({ sort: 'name' }, false)).toThrow('Unknown parameter: sort.');
    expect(parseListQuery({ decision: 'deny', state: 'ON' }, false)).toEqual({ filters: { decision: 'deny', state: 'ON' } });
  });
});

describe('the list by role and sort', () => {
  it('passes the filters and the sort to the index, and says the page’s average score to a decider only', async () => {
    const m = ports();
    const sort = { by: 'name', order: 'asc' } as const;
    const decider = await listApplications(m.ports, { filters: { decision: 'admit', state: 'CA', school: '123456' }, sort }, 'decider');
    expect(m.asked[0]).toEqual({ filters: { decision: 'admit', state: 'CA', school: '123456' }, sort, start: undefined });
    expect(decider.items[0]).toMatchObject({ average_score: 4.3, decision: 'admit' });
    const reader = await listApplications(m.ports, { filters: { state: 'CA' }, sort }, 'reader');
    expect(reader.items[0]).not.toHaveProperty('average_score');
    expect(reader.items[0]).not.toHaveProperty('decision');
  });

  it.each([
    [{ decision: 'admit' as const }, undefined, 'Only deciders and admins filter by decision'],
    [{ reply: 'accept' as const }, undefined, 'Only deciders and admins filter by reply'],
    [{}, { by: 'score', order: 'desc' } as const, 'Only deciders and admins sort by average review score'],
  ])('refuses a reader %o / %o in words (403) before recording or reading anything', async (filters, sort, words) => {
    const m = ports();
    const refused = listApplications(m.ports, { filters, sort }, 'reader');
    await expect(refused).rejects.toBeInstanceOf(Forbidden);
    await expect(refused).rejects.toThrow(words);
    expect(m.journal).toEqual([]);
  });

  it('lets a decider and an admin sort by score', async () => {
    for (const role of ['decider', 'admin'] as const)
      await expect(listApplications(ports().ports, { filters: {}, sort: { by: 'score', order: 'desc' } }, role)).resolves.toBeDefined();
  });

  it('refuses a reader’s export filtered by decision, before recording anything', async () => {
    const m = memoryAudit();
    const reads = { querySubmissions: () => Promise.reject(new Error('not read')), readApplicantRecord: () => Promise.reject(new Error('not read')) };
    const exportPorts = { reads, audit: m.audit, timetable } as unknown as Parameters<typeof exportApplications>[0];
    await expect(exportApplications(exportPorts, 'csv', { reply: 'decline' }, 'reader')).rejects.toBeInstanceOf(Forbidden);
    expect(m.journal).toEqual([]);
  });

  it('continues a sort from its own cursor, and refuses another sort’s cursor in words', async () => {
    const m = ports();
    const byName = { by: 'name', order: 'asc' } as const;
    const first = await listApplications(m.ports, { filters: {}, sort: byName }, 'admin');
    expect(first.cursor).toEqual(encodeCursor({ pk: 'a9', name_sort: 'zola#emile#a9' }, byName));
    await listApplications(m.ports, { filters: {}, sort: byName, cursor: first.cursor! }, 'admin');
    expect(m.asked[1]!.start).toEqual({ pk: 'a9', sk: 'answers', submitted_index: 'submitted', name_sort: 'zola#emile#a9' });
    const journal = m.journal.length;
    await expect(listApplications(m.ports, { filters: {}, cursor: first.cursor! }, 'admin')).rejects.toThrow(
      'That cursor continues the list sorted by last name (ascending), not the list sorted by submission date (descending): start again from the first page.',
    );
    await expect(listApplications(m.ports, { filters: {}, sort: { by: 'name', order: 'desc' }, cursor: first.cursor! }, 'admin')).rejects.toBeInstanceOf(
      Invalid,
    );
    expect(m.journal.length).toBe(journal);
  });
});

describe('the sort keys', () => {
  it('sorts names without case or accents, last name then first', () => {
    expect(nameSortKey({ last_name: 'Émile', first_name: 'Zoë' }, 'x')).toBe('emile#zoe#x');
    const keys = [
      nameSortKey({ last_name: 'van', first_name: 'B' }, '1'),
      nameSortKey({ last_name: 'Vance', first_name: 'A' }, '2'),
      nameSortKey({ last_name: 'Adams#', first_name: 'C' }, '3'),
    ].sort();
    expect(keys).toEqual(['adams#c#3', 'van#b#1', 'vance#a#2']);
  });

  it('writes a zero-padded average that sorts as a number, and a key below every score while withheld', () => {
    const high = scoreSortKey([{ scores: { a: 5, b: 4 } }], 'h', { blind: false, readsRequired: 2 });
    const low = scoreSortKey([{ scores: { a: 1, b: 2 } }, { scores: { a: 1, b: 1 } }], 'l', { blind: false, readsRequired: 2 });
    const withheld = scoreSortKey([{ scores: { a: 5 } }], 'w', { blind: true, readsRequired: 2 });
    expect([high, low, withheld]).toEqual(['004.50#h', '001.25#l', '-#w']);
    expect([withheld, high, low].sort().reverse()).toEqual([high, low, withheld]);
    expect(scoreOfKey(high)).toBe(4.5);
    expect(scoreOfKey(low)).toBe(1.3);
    expect(scoreOfKey(withheld)).toBeUndefined();
    expect(averageScore([])).toBeUndefined();
  });
});

describe('the score key a review save writes', () => {
  const rubric = policies.reviewRubric;
  const scored = (n: number) => ({ scores: Object.fromEntries(rubric.map((c) => [c.key, n])), recommendation: 'admit' as const, notes: '' });
  const at = new Date('2027-01-20T15:00:00Z');

  function office(round: 'ea' | 'rd') {
    const o = new MemoryOffice('app-1');
    o.timetable = timetable;
    o.readingConfig = { ...o.readingConfig, readsRequired: 2 };
    o.placements.set('app-1', { cycle: '2027', round, late: false });
    return o;
  }

  it('outside a blind round, sets the average at each review', async () => {
    const o = office('ea');
    await saveReview(o.reviewPorts, rubric, 'app-1', 'ann@x.edu', scored(4), at);
    expect(o.scoreSort.get('app-1')).toBe('004.00#app-1');
    await saveReview(o.reviewPorts, rubric, 'app-1', 'bob@x.edu', scored(2), at);
    expect(o.scoreSort.get('app-1')).toBe('003.00#app-1');
  });

  it('in a blind round, withholds it until the reads required are in, so the order tells a blind decider nothing', async () => {
    const o = office('rd');
    await saveReview(o.reviewPorts, rubric, 'app-1', 'ann@x.edu', scored(5), at);
    expect(o.scoreSort.get('app-1')).toBe('-#app-1');
    // A revision of the one review is still one read.
    await saveReview(o.reviewPorts, rubric, 'app-1', 'ann@x.edu', scored(4), at);
    expect(o.scoreSort.get('app-1')).toBe('-#app-1');
    await saveReview(o.reviewPorts, rubric, 'app-1', 'bob@x.edu', scored(3), at);
    expect(o.scoreSort.get('app-1')).toBe('003.50#app-1');
  });
});
