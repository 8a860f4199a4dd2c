/**
 * Submission (domain/submission.ts): the submit route's ports, the submissions index and event
 * publisher the PDF job also announces through, and the confirmation e-mail's job, started by
 * its Lambda or by the local stack's stand-in.
 */
import { invokeConfirmation, requestConfirmation } from '#adapters/mail/request';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { erasureTables } from '#adapters/store/erasure-store';
import { claimMail, mailSk, markMailSent, releaseMail } from '#adapters/store/mail-store';
import { isAccountClosed, readStatus } from '#adapters/store/status-store';
import { indexSubmission, readSubmitted } from '#adapters/store/submissions-index';
import type { ConfirmationPorts } from '#domain/confirmation';
import type { SubmissionOutputs } from '#domain/staff/submission-outputs';
import { config } from '#lambdas/config';
import { publishSubmissionEvent } from './events';
import { canSendMail, sendMail } from './mail';
import { standIn } from './stand-ins';

/** Never throws: the submission stands whatever happens to its e-mail. */
export const requestConfirmationMail = (sub: string): Promise<void> => requestConfirmation(standIn('startConfirmationMail') ?? invokeConfirmation, sub);

/** The submissions index and the event publisher (domain/staff/submission-outputs.ts). */
export function submissionOutputs(): SubmissionOutputs {
  return { index: { indexSubmission, readSubmitted }, publish: publishSubmissionEvent };
}

/** The confirmation job's: the applicant's record and status, the mail claims, the mailer, the site's origin. */
export function confirmationPorts(): ConfirmationPorts {
  return {
    readApplicantRecord,
    readStatus,
    claimMail,
    markMailSent,
    releaseMail,
    sendMail,
    canSendMail,
    publicOrigin: () => config().publicOrigin,
    mailItem: (sub, kind) => ({ table: 'status', key: { pk: sub, sk: mailSk(kind) } }),
    lateWrites: {
      sessionClosed: isAccountClosed,
      readMarker: (sub) => erasureTables.readMarker(sub),
      deleteItem: (table, key) => erasureTables.deleteItem(table, key),
      // The mail job writes no object (and may delete none: its role has no S3 right).
      deleteObject: () => Promise.reject(new Error('the confirmation mail job writes no object to take back')),
    },
  };
}
