import { routeRow } from '#lambdas/route-row';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { policies } from '#form/institution-policies';
import { reviewForm } from '#domain/decisions/reviews';

/** GET /staff/api/review-form: the institution's rubric, the same for every application (nothing of one is read). */
export const handler = httpHandler(routeRow('readReviewForm', { access: 'staff', roles: ANY_STAFF_ROLE }), () => reviewForm(policies.reviewRubric));
