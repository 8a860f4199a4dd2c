import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { openedByLink } from '#middleware/signed-out-page';
import { downloadFile } from './staff-downloads';

/** GET /staff/api/applications/{id}/documents/{key}/download: the document's PDF as `<reference>-<question>.pdf`. */
export const handler = httpHandler(
  openedByLink(routeRow('downloadApplicationDocument', { access: 'staff', roles: ANY_STAFF_ROLE, openedByLink: true })),
  downloadFile((path) => ({ kind: 'document', question: path.key ?? '' })),
);
