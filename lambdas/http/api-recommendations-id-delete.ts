import { cancelRecommendation } from '#domain/recommendations/applicant';
import { parseRecommendationId } from '#domain/recommendations/keys';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { cancelPorts } from '#wiring/recommendations';

/** DELETE /api/recommendations/{id}: the invitation is cancelled and its link stops working at once (409 once submitted). */
export const handler = httpHandler(routeRow('cancelRecommendation', { access: 'applicant' }), async ({ applicant, path }) =>
  cancelRecommendation(cancelPorts(), applicant.application, parseRecommendationId(path.id)),
);
