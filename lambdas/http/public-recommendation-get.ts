import { readRecommendationRequest } from '#domain/recommendations/recommender';
import { recommendationTokenQueryInput } from '#form/wire/recommendations';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { requestPorts } from '#wiring/recommendations';

/** GET /public/recommendation?token=: whom the letter is for (404 alike for every dead link). */
export const handler = httpHandler(routeRow('readRecommendationRequest', { access: 'public' }), recommendationTokenQueryInput, async ({ query, event }) =>
  readRecommendationRequest(requestPorts(), query.token, clientAddress(event)),
);
