import { routeRow } from '#lambdas/route-row';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { querySubmissions } from '#adapters/store/submissions-index';
import { appendAudit } from '#adapters/store/audit-store';
import { decodeCursor, encodeCursor, filterDetail, listItem, PAGE_SIZE } from '#domain/staff/listing';
import { listApplicationsInput } from '#form/wire/staff';
import { sourceIp } from '#middleware/source-ip';

export const handler = httpHandler(routeRow('listApplications', { access: 'staff', roles: ANY_STAFF_ROLE }), listApplicationsInput, async ({ query, staff, event }) => {
  const start = decodeCursor(query.cursor);
  // Recorded before anything is read: a list that failed half-way was still asked for.
  await appendAudit({ staff: staff.email, action: 'list', ip: sourceIp(event), detail: filterDetail(query.filters) });
  const page = await querySubmissions(query.filters, PAGE_SIZE, start);
  return { items: page.items.map((app) => listItem(app, staff.role)), cursor: encodeCursor(page.next) };
});
