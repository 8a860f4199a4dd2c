import { inviteAsApplicant } from '#domain/recommendations/applicant';
import { inviteRecommenderInput } from '#form/wire/recommendations';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { requestLanguage } from '#middleware/language';
import { invitePorts } from '#wiring/recommendations';

/**
 * POST /api/recommendations: invites a recommender by e-mail; works before and after submission.
 * The page's language (the account's choice once signed in) is kept for the notices the applicant
 * receives about this recommendation; the invitation itself goes in the institution's.
 */
export const handler = httpHandler(routeRow('inviteRecommender', { access: 'applicant' }), inviteRecommenderInput, async ({ applicant, body, event }) =>
  inviteAsApplicant(await invitePorts(), { sub: applicant.application, language: requestLanguage(event) }, body),
);
