import { Invalid } from '#domain/errors';
import { cancelScheduledRelease } from '#domain/releases/office';
import { RELEASE_ID } from '#form/wire/decisions';
import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { cancelReleasePorts } from '#wiring/releases';

/** DELETE /staff/api/releases/{id}: cancels a scheduled release before it runs (409 once it has). */
export const handler = httpHandler(routeRow('cancelRelease', { access: 'staff', roles: ADMIN_ONLY }), async ({ path, staff, event }) => {
  const id = path.id ?? '';
  if (!RELEASE_ID.test(id)) throw new Invalid('That is not a release id.');
  return cancelScheduledRelease(cancelReleasePorts(staff, event), id);
});
