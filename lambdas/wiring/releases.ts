/**
 * Releases of decisions (domain/releases/): the route that releases now or schedules, the
 * release Lambda a schedule invokes (both run the same release), and the office's list and
 * cancellation. The clock is EventBridge Scheduler, or the local stack's timers installed in its place.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { releaseScheduler as schedulerOfAws } from '#adapters/scheduler';
import { decisionsStore } from '#adapters/store/decisions-store';
import { claimMail, markMailSent, releaseMail } from '#adapters/store/mail-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { moveRound } from '#adapters/store/placement-store';
import { releaseStore } from '#adapters/store/releases-store';
import { listDecided, readSubmitted } from '#adapters/store/submissions-index';
import type { ReleaseScheduler } from '#domain/ports/releases';
import type { cancelScheduledRelease, listPendingReleases, releaseDecisions } from '#domain/releases/office';
import type { ReleasePorts } from '#domain/releases/release';
import { timetable } from '#form/institution-cycles';
import { config } from '#lambdas/config';
import type { StaffMember } from '#middleware/staff-session';
import { publishSubmissionEvent } from './events';
import { freshOfficeWords } from './office-words';
import type { PortsOf } from './ports-of';
import { sendProductMail } from './product-mail';
import { requestDecisionLetter } from './renderer';
import { staffAudit } from './staff-audit';
import { standIn } from './stand-ins';

export const releaseScheduler = (): ReleaseScheduler => standIn('releaseScheduler') ?? schedulerOfAws;

/** A release's run: now from the route, or when its schedule invokes the release Lambda; with the office's current words of its e-mail (Settings). */
export async function releasePorts(): Promise<ReleasePorts> {
  await freshOfficeWords();
  return {
    releases: releaseStore,
    scheduler: releaseScheduler(),
    decisions: decisionsStore,
    office: officeStatusStore,
    readSubmitted,
    listDecided,
    // The release notice is transactional: not to a bounced or complained address, still to an unsubscribed one.
    mail: { claimMail, markMailSent, releaseMail, sendMail: sendProductMail },
    publish: publishSubmissionEvent,
    requestLetter: requestDecisionLetter,
    origin: config().publicOrigin,
    // A deferral released in an early round moves the application into the regular one.
    deferral: { cycles: timetable.cycles, moveRound },
  };
}

/** An admin's release, now or scheduled: recorded before it takes effect. */
export async function releaseRequestPorts(staff: StaffMember, event: APIGatewayProxyEventV2): Promise<PortsOf<typeof releaseDecisions>> {
  return { ...(await releasePorts()), audit: staffAudit(staff, event) };
}

export function cancelReleasePorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof cancelScheduledRelease> {
  return { releases: releaseStore, scheduler: releaseScheduler(), audit: staffAudit(staff, event) };
}

export function pendingReleasesPorts(staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof listPendingReleases> {
  return { releases: releaseStore, listDecided, audit: staffAudit(staff, event) };
}
