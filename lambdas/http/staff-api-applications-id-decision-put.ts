import { recordDecision } from '#domain/decisions/decide';
import { recordDecisionInput } from '#form/wire/decisions';
import { DECIDING_ROLES } from '#form/wire/roles';
import { parseApplicationId } from '#form/wire/staff';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { decisionPorts } from '#wiring/decisions';

/** PUT /staff/api/applications/{id}/decision: stages a decision (a released one: an admin's, with a reason). */
export const handler = httpHandler(
  routeRow('recordDecision', { access: 'staff', roles: DECIDING_ROLES }),
  recordDecisionInput,
  ({ path, body, staff, event }) => recordDecision(decisionPorts(staff, event), parseApplicationId(path.id), body, staff),
);
