import { describe, expect, it } from 'vitest';
import { SIS_LIST_MESSAGES, parseSisListQuery } from '#form/wire/sis-list';
import { chicagoTimetable } from '../cycles/timetables.test-support';
import { Invalid } from '../errors';
import type { ChangesQuery, SubmittedApplication } from '../ports/submissions';
import { decodeSisCursor, encodeSisCursor, listSisApplications, pageStart, type SisListPorts } from './application-list';

/** The change index in memory: one entry per application, its key `<time>#<id>`, read in key order. */
function memoryIndex() {
  const keys = new Map<string, string>();
  const change = (id: string, at: string) => keys.set(id, `${at}#${id}`);
  const queryChanges: ChangesQuery = (from, limit) => {
    const sorted = [...keys].map(([id, key]) => ({ id, key })).sort((a, b) => a.key.localeCompare(b.key));
    const after = sorted.filter(({ key }) => ('since' in from ? key >= from.since : key > from.after));
    const items = after.slice(0, limit).map(({ id, key }) => ({ ...application(id), changeKey: key }));
    return Promise.resolve({ items, more: after.length > limit });
  };
  return { change, queryChanges };
}

function application(id: string): SubmittedApplication {
  return {
    id,
    reference: `REF-${id}`,
    email: `${id}@example.com`,
    submittedAt: '2026-10-01T00:00:00.000Z',
    answers: { first_name: id },
    officeStatus: 'submitted',
  };
}

function ports(queryChanges: ChangesQuery): { p: SisListPorts; reads: string[] } {
  const reads: string[] = [];
  const p: SisListPorts = {
    queryChanges,
    readApplicantDocuments: () => Promise.resolve({ documents: [] }),
    readApplicantRecord: () => Promise.resolve({ answers: {}, documents: [], supplements: [] }),
    readSnapshot: () => Promise.resolve(undefined),
    readHistory: () => Promise.resolve([]),
    decisions: { readDecision: () => Promise.resolve(undefined) },
    links: { signPdfDownload: (key) => Promise.resolve(`https://files.test/${key}`) },
    audit: (record) => {
      reads.push(`${record.action}:${record.application}`);
      return Promise.resolve();
    },
    timetable: chicagoTimetable([]),
  };
  return { p, reads };
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 12, minute)).toISOString();

describe("the student information system's list of changed applications", () => {
  it('pages oldest change first; an application changed after it was paged comes again later, none is skipped or doubled within a walk', async () => {
    const index = memoryIndex();
    const ids = ['a', 'b', 'c', 'd', 'e'];
    ids.forEach((id, i) => index.change(id, at(i)));
    const { p, reads } = ports(index.queryChanges);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await listSisApplications(p, { since: at(0), limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.items.map((i) => i.id));
      expect(page.items.map((i) => i.updated_at)).toEqual([...page.items.map((i) => i.updated_at)].sort());
      // Between the first and second page: one already returned changes, and one not yet reached.
      if (pages === 0) {
        index.change('a', at(30));
        index.change('d', at(31));
      }
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(seen).toEqual(['a', 'b', 'c', 'e', 'a', 'd']);
    expect(new Set(seen)).toEqual(new Set(ids));
    expect(reads).toEqual(seen.map((id) => `read:${id}`));
  });

  it('answers only the changes from since on, and no cursor after the last page', async () => {
    const index = memoryIndex();
    ['a', 'b', 'c'].forEach((id, i) => index.change(id, at(i * 10)));
    const page = await listSisApplications(ports(index.queryChanges).p, { since: at(10), limit: 2 });
    expect(page.items.map((i) => i.id)).toEqual(['b', 'c']);
    expect(page.items[0]!.updated_at).toBe(at(10));
    expect(page).not.toHaveProperty('next_cursor');
  });

  it('reads a cursor back as the change key it was made of, and refuses one it did not make in words', () => {
    const key = `${at(5)}#0b7e-id--2027`;
    expect(decodeSisCursor(encodeSisCursor(key))).toBe(key);
    for (const bad of [
      'nope',
      encodeSisCursor('2026-13-45T00:00:00.000Z#x'),
      encodeSisCursor(`${at(5)}#`),
      encodeSisCursor(`${at(5)}#a b`),
      `${encodeSisCursor(key)}A`,
    ])
      expect(() => decodeSisCursor(bad)).toThrow(Invalid);
  });

  it('starts after the cursor, or at since when the cursor lies before it', () => {
    const key = `${at(5)}#a`;
    expect(pageStart({ since: at(0), limit: 50, cursor: encodeSisCursor(key) })).toEqual({ after: key });
    expect(pageStart({ since: at(10), limit: 50, cursor: encodeSisCursor(key) })).toEqual({ since: at(10) });
    expect(pageStart({ since: at(0), limit: 50 })).toEqual({ since: at(0) });
  });

  it('parses since (required, ISO 8601, to UTC), limit (1–100, 50 by default) and the cursor, refusing each in words', () => {
    expect(parseSisListQuery({ since: '2026-09-01' })).toEqual({ since: '2026-09-01T00:00:00.000Z', limit: 50 });
    expect(parseSisListQuery({ since: '2026-09-01T10:00:00+02:00', limit: '100', cursor: 'abc_-' })).toEqual({
      since: '2026-09-01T08:00:00.000Z',
      limit: 100,
      cursor: 'abc_-',
    });
    const refused = (q: Record<string, string>, message: string) => expect(() => parseSisListQuery(q)).toThrow(message);
    refused({}, SIS_LIST_MESSAGES.since);
    refused({ since: ' ' }, SIS_LIST_MESSAGES.since);
    refused({ since: 'yesterday' }, SIS_LIST_MESSAGES.badSince);
    refused({ since: 'Jan 1 2026' }, SIS_LIST_MESSAGES.badSince);
    refused({ since: '2026-02-30T99:00:00Z' }, SIS_LIST_MESSAGES.badSince);
    for (const limit of ['0', '101', '-1', '2.5', 'ten', '1e2']) refused({ since: '2026-09-01', limit }, SIS_LIST_MESSAGES.limit);
    refused({ since: '2026-09-01', cursor: 'not a cursor!' }, SIS_LIST_MESSAGES.cursor);
  });
});
