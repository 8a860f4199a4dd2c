import { grantLetterUpload } from '#domain/recommendations/recommender';
import { recommendationTokenBodyInput } from '#form/wire/recommendations';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { letterUploadPorts } from '#wiring/recommendations';

/** POST /public/recommendation/presigned-url {token}: a presigned POST for a key of this recommendation alone. */
export const handler = httpHandler(routeRow('grantLetterUpload', { access: 'public' }), recommendationTokenBodyInput, async ({ body, event }) =>
  grantLetterUpload(letterUploadPorts(), body.token, clientAddress(event)),
);
