import { listRecommendations } from '#domain/recommendations/applicant';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { listPorts } from '#wiring/recommendations';

/** GET /api/recommendations: each recommender's state, the waiver's answer and the teacher limit (never a letter). */
export const handler = httpHandler(routeRow('listRecommendations', { access: 'applicant' }), async ({ applicant }) =>
  listRecommendations(listPorts(), applicant.application),
);
