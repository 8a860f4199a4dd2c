/**
 * The release use-case's ports (domain/releases/release.ts), wired to the real adapters: the
 * route that releases now and the release Lambda a schedule invokes run the same thing.
 */
import type { ReleasePorts } from '#domain/releases/release';
import { config } from '#lambdas/config';
import { publishSubmissionEvent } from './events';
import { sendMail } from './mail';
import { requestDecisionLetter } from './renderer/request';
import { releaseScheduler } from './scheduler';
import { decisionsStore } from './store/decisions-store';
import { claimMail, markMailSent, releaseMail } from './store/mail-store';
import { officeStatusStore } from './store/office-status-store';
import { releaseStore } from './store/releases-store';
import { querySubmissions, readSubmitted } from './store/submissions-index';

/** Every application the list shows as decided (the use-case checks each one's history). */
export async function listDecided(): Promise<string[]> {
  const ids: string[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await querySubmissions({ status: 'decided' }, 500, start);
    ids.push(...page.items.map((a) => a.id));
    start = page.next;
  } while (start);
  return ids;
}

export function releasePorts(): ReleasePorts {
  return {
    releases: releaseStore,
    scheduler: releaseScheduler,
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
