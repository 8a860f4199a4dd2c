/**
 * GET /sis/v1/applications?since=: the submitted applications changed since a moment, oldest
 * change first, each the record the by-id route answers (application-record.ts), page by page.
 * The change index orders them by `<change time>#<id>`, unique per application; the cursor is the
 * last of those a page ended on, so a client paging while applications change misses none: one
 * changed after the client passed it gets a later key and comes again on a later page, one changed
 * before the client reached it moves ahead and comes once, and no key comes twice within one walk.
 */
import type { SisApplicationPage } from '#form/wire/sis';
import { SIS_LIST_MESSAGES, type SisListQuery } from '#form/wire/sis-list';
import { Invalid } from '../errors';
import type { ChangesFrom, ChangesQuery } from '../ports/submissions';
import { sisRecord, type SisRecordPorts } from './application-record';

export interface SisListPorts extends SisRecordPorts {
  queryChanges: ChangesQuery;
}

/** Records built at once: a page's reads overlap without opening a hundred applications' reads together. */
const RECORDS_AT_ONCE = 10;

/** The change key's form: an ISO time in UTC with milliseconds, `#`, an application's id. */
const CHANGE_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)#([A-Za-z0-9_-]{1,200})$/;

export const encodeSisCursor = (changeKey: string): string => Buffer.from(changeKey, 'utf8').toString('base64url');

/** The change key a cursor carries; refused (400, in words) when it is not one this API made. */
export function decodeSisCursor(cursor: string): string {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = CHANGE_KEY.exec(key);
  if (!match || encodeSisCursor(key) !== cursor || Number.isNaN(Date.parse(match[1]!)))
    throw new Invalid(SIS_LIST_MESSAGES.cursor, { cursor: [SIS_LIST_MESSAGES.cursor] });
  return key;
}

/** Where the page starts: after the cursor's key, or at `since` when there is no cursor or it lies before `since`. */
export function pageStart(query: SisListQuery): ChangesFrom {
  const after = query.cursor === undefined ? undefined : decodeSisCursor(query.cursor);
  return after !== undefined && after >= query.since ? { after } : { since: query.since };
}

async function inTurns<T, R>(items: readonly T[], atOnce: number, build: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += atOnce) out.push(...(await Promise.all(items.slice(i, i + atOnce).map(build))));
  return out;
}

export async function listSisApplications(ports: SisListPorts, query: SisListQuery, now: Date = new Date()): Promise<SisApplicationPage> {
  const page = await ports.queryChanges(pageStart(query), query.limit);
  const items = await inTurns(page.items, RECORDS_AT_ONCE, (app) => sisRecord(ports, app, now));
  const last = page.items.at(-1);
  return { items, ...(page.more && last ? { next_cursor: encodeSisCursor(last.changeKey) } : {}) };
}
