import { routeRow } from '#lambdas/route-row';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { exportApplications } from './staff-export';
import { exportInput } from '#form/wire/staff';

export const handler = httpHandler(routeRow('exportApplicationsCsv', { access: 'staff', roles: ANY_STAFF_ROLE, openedByLink: true }), exportInput, exportApplications('csv'));
