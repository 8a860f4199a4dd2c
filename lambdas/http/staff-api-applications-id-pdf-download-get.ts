import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { openedByLink } from '#middleware/signed-out-page';
import { downloadFile } from './staff-downloads';

/** GET /staff/api/applications/{id}/pdf/download: the application PDF as `application-<reference>.pdf`. */
export const handler = httpHandler(
  openedByLink(routeRow('downloadStaffApplicationPdf', { access: 'staff', roles: ANY_STAFF_ROLE, openedByLink: true })),
  downloadFile(() => ({ kind: 'application-pdf' })),
);
