import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/staff';
import { policies } from '#form/institution-policies';
import { reviewForm } from '#domain/decisions/reviews';

/** GET /staff/api/review-form: the institution's rubric, the same for every application (nothing of one is read). */
export const handler = httpHandler(route('readReviewForm'), () => reviewForm(policies.reviewRubric));
