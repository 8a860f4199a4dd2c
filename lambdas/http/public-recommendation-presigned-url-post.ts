import { letterUploads } from '#adapters/storage/letters';
import { rateLimiter } from '#adapters/store/rate-limits';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { grantLetterUpload } from '#domain/recommendations/recommender';
import { recommendationTokenBodyInput } from '#form/wire/recommendations';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';

/** POST /public/recommendation/presigned-url {token}: a presigned POST for a key of this recommendation alone. */
export const handler = httpHandler(routeRow('grantLetterUpload', { access: 'public' }), recommendationTokenBodyInput, async ({ body, event }) =>
  grantLetterUpload({ store: recommendationStore, limits: rateLimiter, uploads: letterUploads }, body.token, clientAddress(event)),
);
