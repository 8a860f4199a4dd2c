import { route } from '../routes';
import { httpHandler } from '../middleware/access/staff';
import { querySubmissions } from '../adapters/store/submissions-index';
import { appendAudit } from '../adapters/store/audit-store';
import { encodeCursor, filterDetail, listItem, PAGE_SIZE, parseListQuery } from '../domain/staff/listing';
import { sourceIp } from '../middleware/source-ip';

export const handler = httpHandler(route('listApplications'), { query: (q) => parseListQuery(q) }, async ({ query, staff, event }) => {
  // Recorded before anything is read: a list that failed half-way was still asked for.
  await appendAudit({ staff: staff.email, action: 'list', ip: sourceIp(event), detail: filterDetail(query.filters) });
  const page = await querySubmissions(query.filters, PAGE_SIZE, query.start);
  return { items: page.items.map(listItem), cursor: encodeCursor(page.next) };
});
