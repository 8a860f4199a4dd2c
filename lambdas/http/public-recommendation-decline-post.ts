import { rateLimiter } from '#adapters/store/rate-limits';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { declineRecommendation } from '#domain/recommendations/recommender';
import { declineRecommendationInput } from '#form/wire/recommendations';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { sendMail } from '#wiring/mail';

/** POST /public/recommendation/decline {token, reason?}: the link dies and the applicant is told. */
export const handler = httpHandler(routeRow('declineRecommendation', { access: 'public' }), declineRecommendationInput, async ({ body, event }) =>
  declineRecommendation(
    { store: recommendationStore, limits: rateLimiter, sendMail, origin: config().publicOrigin },
    body.token,
    body.reason,
    clientAddress(event),
  ),
);
