import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { exportInput } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { openedByLink } from '#middleware/signed-out-page';
import { exportHandler } from './staff-export';

export const handler = httpHandler(
  openedByLink(routeRow('exportApplicationsJson', { access: 'staff', roles: ANY_STAFF_ROLE, openedByLink: true })),
  exportInput,
  exportHandler('json'),
);
