import { readDashboard } from '#domain/dashboard/read-dashboard';
import { readDashboardInput } from '#form/wire/dashboard';
import { DECIDING_ROLES } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { dashboardPorts } from '#wiring/dashboard';

/** GET /staff/api/dashboard: a cycle's numbers (the current cycle by default), read from its counters. */
export const handler = httpHandler(routeRow('readDashboard', { access: 'staff', roles: DECIDING_ROLES }), readDashboardInput, ({ query }) =>
  readDashboard(dashboardPorts(), query),
);
