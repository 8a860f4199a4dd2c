import { readAnswers } from '#adapters/store/answers-store';
import { recommendationSlots } from '#adapters/store/recommendation-slots';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { listRecommendations } from '#domain/recommendations/applicant';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

/** GET /api/recommendations: each recommender's state, the waiver's answer and the teacher limit (never a letter). */
export const handler = httpHandler(routeRow('listRecommendations', { access: 'applicant' }), async ({ applicant }) =>
  listRecommendations({ store: recommendationStore, readAnswers, slots: recommendationSlots }, applicant.sub),
);
