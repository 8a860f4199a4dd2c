import { routeRow } from '#lambdas/route-row';
import { ADMIN_ONLY } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { appendAudit } from '#adapters/store/audit-store';
import { releaseStore } from '#adapters/store/releases-store';
import { releaseScheduler } from '#adapters/scheduler';
import { Invalid } from '#domain/errors';
import { cancelRelease } from '#domain/releases/release';
import { RELEASE_ID } from '#form/wire/decisions';
import { sourceIp } from '#middleware/source-ip';

/** DELETE /staff/api/releases/{id}: cancels a scheduled release before it runs (409 once it has). */
export const handler = httpHandler(routeRow('cancelRelease', { access: 'staff', roles: ADMIN_ONLY }), async ({ path, staff, event }) => {
  const id = path.id ?? '';
  if (!RELEASE_ID.test(id)) throw new Invalid('That is not a release id.');
  await appendAudit({ staff: staff.email, action: 'release.cancel', ip: sourceIp(event), detail: { release: id } });
  return cancelRelease({ releases: releaseStore, scheduler: releaseScheduler }, id);
});
