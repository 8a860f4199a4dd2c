import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { officeTextsNow } from '#wiring/office-words';

/** GET /public/office-texts: the announcements, promises and next steps as the office last edited them in Settings (the web app renders them over its built-in ones). */
export const handler = httpHandler(routeRow('readOfficeTexts', { access: 'public' }), () => officeTextsNow());
