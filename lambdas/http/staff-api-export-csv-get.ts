import { routeRow } from '#lambdas/route-row';
import { openedByLink } from '#middleware/signed-out-page';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { exportHandler } from './staff-export';
import { exportInput } from '#form/wire/staff';

export const handler = httpHandler(openedByLink(routeRow('exportApplicationsCsv', { access: 'staff', roles: ANY_STAFF_ROLE, openedByLink: true })), exportInput, exportHandler('csv'));
