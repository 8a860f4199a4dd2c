import { reviewForm } from '#domain/decisions/reviews';
import { policies } from '#form/institution-policies';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';

/** GET /staff/api/review-form: the institution's rubric, the same for every application (nothing of one is read). */
export const handler = httpHandler(routeRow('readReviewForm', { access: 'staff', roles: ANY_STAFF_ROLE }), () => reviewForm(policies.reviewRubric));
