import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import document from '../../docs/sis/openapi.json';

/** GET /sis/v1/openapi.json: the API's OpenAPI document as `npm run docs:openapi` committed it (bundled, so what is served is what the repository holds). */
export const handler = httpHandler(routeRow('sisOpenApi', { access: 'public' }), () => document);
