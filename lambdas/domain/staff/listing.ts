/**
 * The staff list's query: filters and an opaque cursor (the index position after the last
 * application of the previous page), and the list item of one application.
 */
import type { StaffApplicationSummary } from '#form/contract';
import type { Timetable } from '#form/institution-cycles';
import { DECIDING_ROLES, type StaffRole } from '#form/wire/roles';
import { DECIDING_FILTERS, DEFAULT_SORT, type ApplicationFilters, type ListSort } from '#form/wire/staff';
import { officeFilters, officePlacement } from '../cycles/office-cycles';
import { Forbidden, Invalid } from '../errors';
import type { StaffAudit } from '../ports/audit';
import { ANSWERS_ITEM_SK, LIST_INDEXES, SUBMISSIONS_INDEX_KEYS, type SubmissionsQuery, type SubmittedApplication } from '../ports/submissions';

export const PAGE_SIZE = 25;

export type StaffListItem = StaffApplicationSummary;

const SORT_WORDS: Record<ListSort['by'], string> = {
  submitted: 'submission date',
  name: 'last name',
  score: 'average review score',
  changed: 'last change',
};

/** The cursor names its sort and order with the position, so a page of one order never continues another. */
export function encodeCursor(key: Record<string, unknown> | undefined, sort: ListSort = DEFAULT_SORT): string | null {
  if (!key) return null;
  return Buffer.from(JSON.stringify({ id: key.pk, at: key[LIST_INDEXES[sort.by].sort], by: sort.by, order: sort.order })).toString('base64url');
}

/** Where a page starts: after the application the cursor names (none: the first page), in the index of the sort asked for. */
export function decodeCursor(cursor: string | undefined, sort: ListSort = DEFAULT_SORT): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  const bad = () => new Invalid('The cursor is not valid: start again from the first page.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const { id, at, by = DEFAULT_SORT.by, order = DEFAULT_SORT.order } = (parsed ?? {}) as { id?: unknown; at?: unknown; by?: unknown; order?: unknown };
  if (typeof id !== 'string' || typeof at !== 'string' || id.length > 200 || !at.endsWith(`#${id}`)) throw bad();
  if (by !== sort.by || order !== sort.order) {
    const words = typeof by === 'string' && by in SORT_WORDS ? ` sorted by ${SORT_WORDS[by as ListSort['by']]}` : '';
    throw new Invalid(
      `That cursor continues the list${words}${order === 'asc' || order === 'desc' ? ` (${order === 'asc' ? 'ascending' : 'descending'})` : ''}, not the list sorted by ${SORT_WORDS[sort.by]} (${sort.order === 'asc' ? 'ascending' : 'descending'}): start again from the first page.`,
    );
  }
  return { pk: id, sk: ANSWERS_ITEM_SK, [SUBMISSIONS_INDEX_KEYS.partition]: 'submitted', [LIST_INDEXES[sort.by].sort]: at };
}

/**
 * A reader sees no decision and no one else's score (decisions/visibility.ts): a filter on the
 * decision or the reply, or an order by score, would reveal them through what the list holds, so
 * each is refused in words (403), before anything is read or recorded.
 */
export function checkListRights(role: StaffRole, filters: ApplicationFilters, sort?: ListSort): void {
  if (DECIDING_ROLES.includes(role)) return;
  const used = DECIDING_FILTERS.filter((key) => filters[key]);
  if (used.length)
    throw new Forbidden(
      `Only deciders and admins filter by ${used.join(' or ')}: a reader does not see decisions or replies, and a filter on them would reveal them.`,
    );
  if (sort?.by === 'score')
    throw new Forbidden('Only deciders and admins sort by average review score: a reader does not see other readers’ scores, and the order would reveal them.');
}

/** One application of the list, with its cycle and round; the decision and the reply only for the roles that decide (a reader sees neither). */
export function listItem(app: SubmittedApplication, role: StaffRole, timetable: Timetable): StaffListItem {
  const a = app.answers;
  return {
    id: app.id,
    reference: app.reference,
    name: [a.first_name, a.last_name].filter(Boolean).join(' '),
    email: app.email,
    submitted_at: app.submittedAt,
    entry_term_desc: a.entry_term_desc ?? '',
    applied_major_desc: a.applied_major_desc ?? '',
    office_status: app.officeStatus,
    complete: app.complete === true,
    ...officePlacement(timetable, app.placement),
    ...(DECIDING_ROLES.includes(role) && app.decision ? { decision: app.decision } : {}),
    ...(DECIDING_ROLES.includes(role) && app.reply ? { reply: app.reply } : {}),
    ...(DECIDING_ROLES.includes(role) && app.averageScore !== undefined ? { average_score: app.averageScore } : {}),
  };
}

/** The filters as the audit records them (as asked: ids and words, not the index's form). */
export function filterDetail(filters: ApplicationFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
}

/**
 * GET /staff/api/applications: one page of the submitted applications matching the filters, in
 * the order asked (by default newest first), as this role may see them.
 */
export async function listApplications(
  ports: SubmissionsQuery & { audit: StaffAudit; timetable: Timetable },
  query: { filters: ApplicationFilters; sort?: ListSort | undefined; cursor?: string | undefined },
  role: StaffRole,
): Promise<{ items: StaffListItem[]; cursor: string | null }> {
  checkListRights(role, query.filters, query.sort);
  const sort = query.sort ?? DEFAULT_SORT;
  const start = decodeCursor(query.cursor, sort);
  const filters = officeFilters(ports.timetable, query.filters);
  // Recorded before anything is read: a list that failed half-way was still asked for.
  await ports.audit({ action: 'list', detail: filterDetail(query.filters) });
  const page = await ports.querySubmissions(filters, PAGE_SIZE, start, sort);
  return { items: page.items.map((app) => listItem(app, role, ports.timetable)), cursor: encodeCursor(page.next, sort) };
}
