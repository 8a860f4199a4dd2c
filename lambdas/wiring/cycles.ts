/**
 * The admission cycles' daily work (domain/cycles/expiry.ts): the sweep that declines offers nobody
 * answered by their round's reply-by day. Its candidates come from the submissions index, each
 * expiry writes the decision record, the history and the access record (in the name of `system`),
 * sends the office's current words of its e-mail (Settings), publishes its event and asks the
 * renderer for the answered letter.
 */
import { appendAudit } from '#adapters/store/audit-store';
import { decisionsStore } from '#adapters/store/decisions-store';
import { isConditionalFailure } from '#adapters/store/keys';
import { claimMail, markMailSent, releaseMail } from '#adapters/store/mail-store';
import { officeStatusStore } from '#adapters/store/office-status-store';
import { openOffers, readSubmitted } from '#adapters/store/submissions-index';
import type { ExpiryPorts } from '#domain/cycles/expiry';
import { config } from '#lambdas/config';
import { decisionSettings } from './applicant-decision';
import { publishSubmissionEvent } from './events';
import { freshOfficeWords } from './office-words';
import { sendProductMail } from './product-mail';
import { requestDecisionLetter } from './renderer';

/** The one actor of the sweep's records: no staff member, no address. */
export const SWEEP_ACTOR = { staff: 'system', ip: '' } as const;

export async function expiryPorts(): Promise<ExpiryPorts> {
  await freshOfficeWords();
  const { replyBy, replyByOverride, cycles, timeZone } = decisionSettings();
  return {
    listOpenOffers: openOffers,
    decisions: decisionsStore,
    office: officeStatusStore,
    readSubmitted,
    // The expired offer's e-mail, not to a bounced or complained address.
    mail: { claimMail, markMailSent, releaseMail, sendMail: sendProductMail },
    publish: publishSubmissionEvent,
    // The key's own part is the expiry's: a resumed sweep's repeat is refused by the put's condition, and the record stays as it was.
    audit: (record, now, once) => appendAudit({ ...SWEEP_ACTOR, ...record }, now, () => once).then(undefined, ignoreConditionalFailure),
    requestLetter: requestDecisionLetter,
    origin: config().publicOrigin,
    settings: { ...(replyBy ? { replyBy } : {}), ...(replyByOverride ? { replyByOverride } : {}), ...(cycles ? { cycles } : {}), timeZone },
  };
}

function ignoreConditionalFailure(error: unknown): void {
  if (!isConditionalFailure(error)) throw error;
}
