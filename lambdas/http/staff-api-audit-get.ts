import { route } from '../routes';
import { httpHandler } from '../middleware/access/staff';
import { appendAudit, readAudit } from '../adapters/store/audit-store';
import { Invalid } from '../domain/errors';
import { sourceIp } from '../middleware/source-ip';

const PAGE = 50;

function parseQuery(raw: Record<string, string>): { application?: string; cursor?: string } {
  const unknown = Object.keys(raw).filter((k) => k !== 'application' && k !== 'cursor');
  if (unknown.length) throw new Invalid(`Unknown parameter: ${unknown[0]!.slice(0, 40)}.`);
  const out: { application?: string; cursor?: string } = {};
  if (raw.application) {
    if (!/^[A-Za-z0-9-]{1,128}$/.test(raw.application)) throw new Invalid('That is not an application id.');
    out.application = raw.application;
  }
  if (raw.cursor) {
    // The cursor is the sort key of the last record shown: an ISO time, '#', a UUID.
    if (!/^\d{4}-\d\d-\d\dT[\d:.]+Z#[0-9a-f-]{36}$/.test(raw.cursor)) throw new Invalid('The cursor is not valid: start again from the first page.');
    out.cursor = raw.cursor;
  }
  return out;
}

/** Reading the trail is itself recorded (office-wide), before the records are returned. */
export const handler = httpHandler(route('readAudit'), { query: parseQuery }, async ({ query, staff, event }) => {
  await appendAudit({ staff: staff.email, action: 'audit', ip: sourceIp(event), ...(query.application ? { detail: { application: query.application } } : {}) });
  const page = await readAudit(query.application, PAGE, query.cursor);
  return { items: page.items, cursor: page.next ?? null };
});
