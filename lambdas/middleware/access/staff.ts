/**
 * The `httpHandler` of staff routes: the staff pool's own cookies and verifier, so an
 * applicant's or a service token opens nothing here; then the row's roles, so a staff member
 * whose role the route does not allow is refused (403) before the handler runs: nothing is
 * written, not even the audit record of a read.
 */
import type { PipelineRow } from '#lambdas/route-row';
import { handlerBuilder } from '../http';
import { stateOf } from '../pipeline';
import { authenticateStaff } from '../staff-session';

export const httpHandler = handlerBuilder<'staff'>((route: PipelineRow) => [
  {
    before: async (request) => {
      // A staff row always names its roles (lambdas/routes.ts); a row that somehow has none allows nobody.
      stateOf(request.context).staff = await authenticateStaff(request.event, route.roles ?? []);
    },
  },
]);
