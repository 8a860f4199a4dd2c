import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';
import { downloadFile } from './staff-downloads';

/** GET /staff/api/applications/{id}/pdf/download: the application PDF as `application-<reference>.pdf`. */
export const handler = httpHandler(route('downloadStaffApplicationPdf'), downloadFile(() => ({ kind: 'application-pdf' })));
