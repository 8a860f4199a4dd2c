import { listApplications } from '#domain/staff/listing';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { listApplicationsInput } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { listingPorts } from '#wiring/office';

export const handler = httpHandler(
  routeRow('listApplications', { access: 'staff', roles: ANY_STAFF_ROLE }),
  listApplicationsInput,
  async ({ query, staff, event }) => listApplications(listingPorts(staff, event), query, staff.role),
);
