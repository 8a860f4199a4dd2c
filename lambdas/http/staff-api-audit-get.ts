import { routeRow } from '#lambdas/route-row';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { appendAudit, readAudit } from '#adapters/store/audit-store';
import { nameApplication } from '#adapters/store/submissions-index';
import { readAccessRecord } from '#domain/staff/access-record';
import { readAuditInput } from '#form/wire/staff';
import { sourceIp } from '#middleware/source-ip';
import { OFFICE_AUDIT_ROLES, requireRole } from '#domain/staff/roles';

/** Reading the trail is itself recorded (office-wide), before the records are returned; the office-wide trail is an admin's. */
export const handler = httpHandler(routeRow('readAudit', { access: 'staff', roles: ANY_STAFF_ROLE }), readAuditInput, async ({ query, staff, event }) => {
  if (!query.application) requireRole(staff.role, OFFICE_AUDIT_ROLES);
  await appendAudit({ staff: staff.email, action: 'audit', ip: sourceIp(event), ...(query.application ? { detail: { application: query.application } } : {}) });
  return readAccessRecord({ readAudit, nameApplication }, query.application, query.cursor);
});
