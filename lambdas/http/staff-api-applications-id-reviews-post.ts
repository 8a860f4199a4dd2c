import { officeStatusStore } from '#adapters/store/office-status-store';
import { reviewStore } from '#adapters/store/reviews-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { saveReview } from '#domain/decisions/reviews';
import { policies } from '#form/institution-policies';
import { saveReviewInput } from '#form/wire/decisions';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffAudit } from './staff-audit';

/** POST /staff/api/applications/{id}/reviews: the caller's own review, created or revised. */
export const handler = httpHandler(routeRow('saveReview', { access: 'staff', roles: ANY_STAFF_ROLE }), saveReviewInput, ({ path, body, staff, event }) =>
  saveReview(
    { reviews: reviewStore, status: { ...officeStatusStore, readSubmitted }, audit: staffAudit(staff, event) },
    policies.reviewRubric,
    parseApplicationId(path.id),
    staff.email,
    body,
  ),
);
