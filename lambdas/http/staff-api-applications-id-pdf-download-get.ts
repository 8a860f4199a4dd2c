import { route } from '#lambdas/routes';
import { openedByLink } from '#middleware/signed-out-page';
import { httpHandler } from '#middleware/access/staff';
import { downloadFile } from './staff-downloads';

/** GET /staff/api/applications/{id}/pdf/download: the application PDF as `application-<reference>.pdf`. */
export const handler = httpHandler(openedByLink(route('downloadStaffApplicationPdf')), downloadFile(() => ({ kind: 'application-pdf' })));
