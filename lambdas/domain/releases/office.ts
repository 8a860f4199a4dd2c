/**
 * The office's release routes (an admin's): each recorded in the access record before it takes
 * effect, or before anything is read.
 */
import type { ReleaseList, ReleaseSummary } from '#form/wire/decisions';
import type { StaffAudit } from '../ports/audit';
import { cancelRelease, listReleases, scheduleRelease, type ReleasePorts, type ReleaseRequest } from './release';

type Recorded<P> = P & { audit: StaffAudit };

/** What the access record keeps of a release: when, and which applications (the ids, or the status chosen). */
export function releaseAuditDetail(request: ReleaseRequest): Record<string, string> {
  return { at: request.at ?? 'now', ...('ids' in request.target ? { ids: request.target.ids.join(' ') } : { status: request.target.status }) };
}

/**
 * GET /staff/api/releases: the scheduled releases not yet run, soonest first, and how many
 * applications are decided now, so that the screen names the number before a release that cannot
 * be undone (recorded like every staff read).
 */
export async function listPendingReleases(ports: Recorded<Pick<ReleasePorts, 'releases' | 'listDecided'>>): Promise<ReleaseList> {
  await ports.audit({ action: 'releases' });
  const [items, decided] = await Promise.all([listReleases(ports), ports.listDecided()]);
  return { items, decided: decided.length };
}

/** POST /staff/api/releases: releases decisions now, or schedules the release. */
export async function releaseDecisions(ports: Recorded<ReleasePorts>, request: ReleaseRequest, staff: string): Promise<ReleaseSummary> {
  await ports.audit({ action: 'release', detail: releaseAuditDetail(request) });
  return scheduleRelease(ports, request, staff);
}

/** DELETE /staff/api/releases/{id}: cancels a scheduled release before it runs (409 once it has). */
export async function cancelScheduledRelease(ports: Recorded<Pick<ReleasePorts, 'releases' | 'scheduler'>>, id: string): Promise<{ message: string }> {
  await ports.audit({ action: 'release.cancel', detail: { release: id } });
  return cancelRelease(ports, id);
}
