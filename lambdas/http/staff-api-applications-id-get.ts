import { readApplicantDocuments } from '#adapters/document-answers-store';
import { readDecision } from '#adapters/store/decisions-store';
import { readHistory } from '#adapters/store/office-status-store';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { readReviews } from '#adapters/store/reviews-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { readStaffApplication } from '#domain/staff/application-view';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffAudit } from './staff-audit';

export const handler = httpHandler(routeRow('readApplication', { access: 'staff', roles: ANY_STAFF_ROLE }), async ({ path, staff, event }) =>
  readStaffApplication(
    {
      readSubmitted,
      readTabs,
      readAddAnother,
      readApplicantDocuments,
      readHistory,
      recommendations: recommendationStore,
      reviews: { readReviews },
      decisions: { readDecision },
      audit: staffAudit(staff, event),
    },
    parseApplicationId(path.id),
    staff,
  ),
);
