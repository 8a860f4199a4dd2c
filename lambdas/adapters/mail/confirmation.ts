/** The ports of the confirmation job (domain/confirmation.ts): the applicant's record and status, the mail claims, the mailer, the site's origin. */
import type { ConfirmationPorts } from '#domain/confirmation';
import { config } from '#lambdas/config';
import { readApplicantRecord } from '../store/answers-store';
import { erasureTables } from '../store/erasure-store';
import { claimMail, mailSk, markMailSent, releaseMail } from '../store/mail-store';
import { readStatus } from '../store/status-store';
import { isAccountClosed } from '../store/status-store';
import { canSendMail, sendMail } from './index';

export const confirmationPorts: ConfirmationPorts = {
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
