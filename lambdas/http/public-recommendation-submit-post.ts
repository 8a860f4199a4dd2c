import { rateLimiter } from '#adapters/store/rate-limits';
import { readReference, recommendationStore } from '#adapters/store/recommendations-store';
import { submitRecommendation } from '#domain/recommendations/recommender';
import { submitRecommendationInput } from '#form/wire/recommendations';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { publishSubmissionEvent } from '#wiring/events';
import { sendMail } from '#wiring/mail';

/** POST /public/recommendation/submit: the converted letter and the recommender's details, once (409 after). */
export const handler = httpHandler(routeRow('submitRecommendation', { access: 'public' }), submitRecommendationInput, async ({ body, event }) =>
  submitRecommendation(
    { store: recommendationStore, limits: rateLimiter, sendMail, origin: config().publicOrigin, readReference, publish: publishSubmissionEvent },
    body,
    clientAddress(event),
  ),
);
