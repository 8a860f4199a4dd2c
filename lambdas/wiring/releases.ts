/**
 * Releases of decisions (domain/releases/): the route that releases now or schedules, the
 * release Lambda a schedule invokes (both run the same release), and the office's list and
 * cancellation. The clock is EventBridge Scheduler, or the local stack's timers installed in its place.
 */
import { releaseScheduler as schedulerOfAws } from '#adapters/scheduler';
import { decisionsStore } from '#adapters/store/decisions-store';
import { claimMail, markMailSent, releaseMail } from '#adapters/store/mail-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { releaseStore } from '#adapters/store/releases-store';
import { listDecided, readSubmitted } from '#adapters/store/submissions-index';
import type { ReleaseScheduler } from '#domain/ports/releases';
import type { ReleasePorts } from '#domain/releases/release';
import { config } from '#lambdas/config';
import { publishSubmissionEvent } from './events';
import { sendMail } from './mail';
import { requestDecisionLetter } from './renderer';
import { standIn } from './stand-ins';

export const releaseScheduler = (): ReleaseScheduler => standIn('releaseScheduler') ?? schedulerOfAws;

export function releasePorts(): ReleasePorts {
  return {
    releases: releaseStore,
    scheduler: releaseScheduler(),
    decisions: decisionsStore,
    office: officeStatusStore,
    readSubmitted,
    listDecided,
    mail: { claimMail, markMailSent, releaseMail, sendMail },
    publish: publishSubmissionEvent,
    requestLetter: requestDecisionLetter,
    origin: config().publicOrigin,
  };
}
