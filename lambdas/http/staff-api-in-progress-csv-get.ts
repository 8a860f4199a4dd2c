import { exportInProgress } from '#domain/office/in-progress';
import { exportInProgressInput } from '#form/wire/in-progress';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { redirect } from '#middleware/http';
import { openedByLink } from '#middleware/signed-out-page';
import { exportInProgressPorts } from '#wiring/in-progress';

/** GET /staff/api/in-progress.csv?cycle=&round=: every application in progress of the cycle as CSV, 303 to a short-lived link. */
export const handler = httpHandler(
  openedByLink(routeRow('exportInProgressCsv', { access: 'staff', roles: ANY_STAFF_ROLE, openedByLink: true })),
  exportInProgressInput,
  async ({ query, staff, event }) => redirect(await exportInProgress(exportInProgressPorts(staff, event), query)),
);
