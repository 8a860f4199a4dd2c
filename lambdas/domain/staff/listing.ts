/**
 * The staff list's query: filters and an opaque cursor (the index position after the last
 * application of the previous page), and the list item of one application.
 */
import type { StaffApplicationSummary } from '#form/contract';
import type { Timetable } from '#form/institution-cycles';
import { DECIDING_ROLES, type StaffRole } from '#form/wire/roles';
import type { ApplicationFilters } from '#form/wire/staff';
import { officeFilters, officePlacement } from '../cycles/office-cycles';
import { Invalid } from '../errors';
import type { StaffAudit } from '../ports/audit';
import { ANSWERS_ITEM_SK, SUBMISSIONS_INDEX_KEYS, type SubmissionsQuery, type SubmittedApplication } from '../ports/submissions';

export const PAGE_SIZE = 25;

export type StaffListItem = StaffApplicationSummary;

export function encodeCursor(key: Record<string, unknown> | undefined): string | null {
  if (!key) return null;
  return Buffer.from(JSON.stringify({ id: key.pk, at: key[SUBMISSIONS_INDEX_KEYS.sort] })).toString('base64url');
}

/** Where a page starts: after the application the cursor names (none: the first page). */
export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  const bad = () => new Invalid('The cursor is not valid: start again from the first page.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const { id, at } = (parsed ?? {}) as { id?: unknown; at?: unknown };
  if (typeof id !== 'string' || typeof at !== 'string' || id.length > 200 || !at.endsWith(`#${id}`)) throw bad();
  return { pk: id, sk: ANSWERS_ITEM_SK, [SUBMISSIONS_INDEX_KEYS.partition]: 'submitted', [SUBMISSIONS_INDEX_KEYS.sort]: at };
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
  };
}

/** The filters as the audit records them (as asked: ids and words, not the index's form). */
export function filterDetail(filters: ApplicationFilters): Record<string, string> {
  return Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
}

/** GET /staff/api/applications: one page of the submitted applications matching the filters, newest first, as this role may see them. */
export async function listApplications(
  ports: SubmissionsQuery & { audit: StaffAudit; timetable: Timetable },
  query: { filters: ApplicationFilters; cursor?: string | undefined },
  role: StaffRole,
): Promise<{ items: StaffListItem[]; cursor: string | null }> {
  const start = decodeCursor(query.cursor);
  const filters = officeFilters(ports.timetable, query.filters);
  // Recorded before anything is read: a list that failed half-way was still asked for.
  await ports.audit({ action: 'list', detail: filterDetail(query.filters) });
  const page = await ports.querySubmissions(filters, PAGE_SIZE, start);
  return { items: page.items.map((app) => listItem(app, role, ports.timetable)), cursor: encodeCursor(page.next) };
}
