import { decisionsStore } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { recordDecision } from '#domain/decisions/decide';
import { recordDecisionInput } from '#form/wire/decisions';
import { DECIDING_ROLES } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffAudit } from './staff-audit';

/** PUT /staff/api/applications/{id}/decision: stages a decision (a released one: an admin's, with a reason). */
export const handler = httpHandler(
  routeRow('recordDecision', { access: 'staff', roles: DECIDING_ROLES }),
  recordDecisionInput,
  ({ path, body, staff, event }) =>
    recordDecision(
      { decisions: decisionsStore, status: { ...officeStatusStore, readSubmitted }, audit: staffAudit(staff, event) },
      parseApplicationId(path.id),
      body,
      staff,
    ),
);
