import { inviteAsApplicant } from '#domain/recommendations/applicant';
import { inviteRecommenderInput } from '#form/wire/recommendations';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { invitePorts } from '#wiring/recommendations';

/** POST /api/recommendations: invites a recommender by e-mail; works before and after submission. */
export const handler = httpHandler(routeRow('inviteRecommender', { access: 'applicant' }), inviteRecommenderInput, async ({ applicant, body }) =>
  inviteAsApplicant(await invitePorts(), { sub: applicant.application }, body),
);
