import { readLetterStatus } from '#domain/recommendations/recommender';
import { recommendationTokenQueryInput } from '#form/wire/recommendations';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { clientAddress } from '#middleware/source-ip';
import { letterStatusPorts } from '#wiring/recommendations';

/** GET /public/recommendation/letter?token=: the uploaded letter's conversion (a failure says why). */
export const handler = httpHandler(routeRow('readLetterStatus', { access: 'public' }), recommendationTokenQueryInput, async ({ query, event }) =>
  readLetterStatus(letterStatusPorts(), query.token, clientAddress(event)),
);
