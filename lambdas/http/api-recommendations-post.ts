import { verifiedEmail } from '#adapters/identity/verified-email';
import { readAnswers } from '#adapters/store/answers-store';
import { rateLimiter } from '#adapters/store/rate-limits';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { inviteAsApplicant } from '#domain/recommendations/applicant';
import { inviteRecommenderInput } from '#form/wire/recommendations';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { sendMail } from '#wiring/mail';

/** POST /api/recommendations: invites a recommender by e-mail; works before and after submission. */
export const handler = httpHandler(routeRow('inviteRecommender', { access: 'applicant' }), inviteRecommenderInput, async ({ applicant, body }) =>
  inviteAsApplicant({ store: recommendationStore, limits: rateLimiter, sendMail, readAnswers, origin: config().publicOrigin, verifiedEmail }, applicant, body),
);
