import { route } from '#lambdas/routes';
import { openedByLink } from '#middleware/signed-out-page';
import { httpHandler } from '#middleware/access/staff';
import { downloadFile } from './staff-downloads';

/** GET /staff/api/applications/{id}/documents/{key}/download: the document's PDF as `<reference>-<question>.pdf`. */
export const handler = httpHandler(openedByLink(route('downloadApplicationDocument')), downloadFile((path) => ({ kind: 'document', question: path.key ?? '' })));
