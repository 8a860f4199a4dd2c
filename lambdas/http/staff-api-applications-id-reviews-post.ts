import { saveReview } from '#domain/decisions/reviews';
import { policies } from '#form/institution-policies';
import { saveReviewInput } from '#form/wire/decisions';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { reviewPorts } from '#wiring/decisions';

/** POST /staff/api/applications/{id}/reviews: the caller's own review, created or revised. */
export const handler = httpHandler(routeRow('saveReview', { access: 'staff', roles: ANY_STAFF_ROLE }), saveReviewInput, ({ path, body, staff, event }) =>
  saveReview(reviewPorts(staff, event), policies.reviewRubric, parseApplicationId(path.id), staff.email, body),
);
