import { log } from '#adapters/log';
import { decisionsStore } from '#adapters/store/decisions-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { recordDecisions } from '#domain/decisions/decide';
import { recordDecisionsInput } from '#form/wire/decisions';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { staffAudit } from './staff-audit';

/** POST /staff/api/decisions: one decision for many applications, refused whole when one id cannot take it. */
export const handler = httpHandler(routeRow('recordDecisions', { access: 'staff', roles: DECIDING_ROLES }), recordDecisionsInput, ({ body, staff, event }) =>
  recordDecisions(
    {
      decisions: decisionsStore,
      status: { ...officeStatusStore, readSubmitted },
      audit: staffAudit(staff, event),
      failed: (id, error) => log.error('bulk decision not written', { id, error }),
    },
    body,
    staff,
  ),
);
