import { declineRecommendation } from '#domain/recommendations/recommender';
import { declineRecommendationInput } from '#form/wire/recommendations';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { declinePorts } from '#wiring/recommendations';

/** POST /public/recommendation/decline {token, reason?}: the link dies and the applicant is told. */
export const handler = httpHandler(routeRow('declineRecommendation', { access: 'public' }), declineRecommendationInput, async ({ body, event }) =>
  declineRecommendation(await declinePorts(), body.token, body.reason, clientAddress(event)),
);
