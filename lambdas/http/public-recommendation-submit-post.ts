import { submitRecommendation } from '#domain/recommendations/recommender';
import { submitRecommendationInput } from '#form/wire/recommendations';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { submitLetterPorts } from '#wiring/recommendations';

/** POST /public/recommendation/submit: the converted letter and the recommender's details, once (409 after). */
export const handler = httpHandler(routeRow('submitRecommendation', { access: 'public' }), submitRecommendationInput, async ({ body, event }) =>
  submitRecommendation(await submitLetterPorts(), body, clientAddress(event)),
);
