import { recordDecisions } from '#domain/decisions/decide';
import { recordDecisionsInput } from '#form/wire/decisions';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { bulkDecisionPorts } from '#wiring/decisions';

/** POST /staff/api/decisions: one decision for many applications, refused whole when one id cannot take it. */
export const handler = httpHandler(routeRow('recordDecisions', { access: 'staff', roles: DECIDING_ROLES }), recordDecisionsInput, ({ body, staff, event }) =>
  recordDecisions(bulkDecisionPorts(staff, event), body, staff),
);
