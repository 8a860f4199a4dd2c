import { ADMIN_ONLY } from '#form/wire/roles';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/staff';
import { appendAudit } from '#adapters/store/audit-store';
import { releasePorts } from '#adapters/release-ports';
import { scheduleRelease } from '#domain/releases/release';
import { scheduleReleaseInput } from '#form/wire/decisions';
import { sourceIp } from '#middleware/source-ip';

/** POST /staff/api/releases: an admin releases decisions now, or schedules the release; recorded before it takes effect. */
export const handler = httpHandler(routeRow('scheduleRelease', { access: 'staff', roles: ADMIN_ONLY }), scheduleReleaseInput, async ({ body, staff, event }) => {
  const detail: Record<string, string> = { at: body.at ?? 'now', ...('ids' in body.target ? { ids: body.target.ids.join(' ') } : { status: body.target.status }) };
  await appendAudit({ staff: staff.email, action: 'release', ip: sourceIp(event), detail });
  return scheduleRelease(releasePorts(), body, staff.email);
});
