import { remindRecommender } from '#domain/recommendations/applicant';
import { parseRecommendationId } from '#domain/recommendations/keys';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { reminderPorts } from '#wiring/recommendations';

/** POST /api/recommendations/{id}/reminder: one reminder e-mail, at most every 3 days (429 with next_allowed_at). */
export const handler = httpHandler(routeRow('remindRecommender', { access: 'applicant' }), async ({ applicant, path }) =>
  remindRecommender(await reminderPorts(), applicant.application, parseRecommendationId(path.id)),
);
