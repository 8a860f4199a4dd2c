import { readAuditTrail } from '#domain/staff/access-record';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { readAuditInput } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { auditTrailPorts } from '#wiring/office';

/** Reading the trail is itself recorded (office-wide), before the records are returned; the office-wide trail is an admin's. */
export const handler = httpHandler(routeRow('readAudit', { access: 'staff', roles: ANY_STAFF_ROLE }), readAuditInput, async ({ query, staff, event }) =>
  readAuditTrail(auditTrailPorts(staff, event), query, staff),
);
