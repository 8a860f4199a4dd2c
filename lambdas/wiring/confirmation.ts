/** The confirmation e-mail's job (domain/confirmation.ts), run by its Lambda, or in the local stack's process. */
import { readApplicantRecord } from '#adapters/store/answers-store';
import { erasureTables, readErasureMarker } from '#adapters/store/erasure-store';
import { claimMail, mailSk, markMailSent, releaseMail } from '#adapters/store/mail-store';
import { isAccountClosed, readStatus } from '#adapters/store/status-store';
import type { ConfirmationPorts } from '#domain/confirmation';
import { config } from '#lambdas/config';
import { canSendMail } from './mail';
import { freshOfficeWords } from './office-words';
import { sendProductMail } from './product-mail';

/**
 * The confirmation job's: the applicant's record and status, the mail claims, the mailer, the
 * site's origin; with the office's current words (what happens next, Settings) installed first.
 */
export async function confirmationPorts(): Promise<ConfirmationPorts> {
  await freshOfficeWords();
  return {
    readApplicantRecord,
    readStatus,
    claimMail,
    markMailSent,
    releaseMail,
    // Not to a bounced or complained address (an unsubscribe does not stop it: it is transactional).
    sendMail: sendProductMail,
    canSendMail,
    publicOrigin: () => config().publicOrigin,
    mailItem: (sub, kind) => ({ table: 'status', key: { pk: sub, sk: mailSk(kind) } }),
    lateWrites: {
      sessionClosed: isAccountClosed,
      readMarker: readErasureMarker,
      deleteItem: (table, key) => erasureTables.deleteItem(table, key),
      // The mail job writes no object (and may delete none: its role has no S3 right).
      deleteObject: () => Promise.reject(new Error('the confirmation mail job writes no object to take back')),
    },
  };
}
