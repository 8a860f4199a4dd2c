/** The ports of the confirmation job (domain/confirmation.ts): the applicant's record and status, the mail claims, the mailer, the site's origin. */
import type { ConfirmationPorts } from '#domain/confirmation';
import { readApplicantRecord } from '../store/answers-store';
import { readStatus } from '../store/status-store';
import { claimMail, markMailSent, releaseMail } from '../store/mail-store';
import { canSendMail, sendMail } from './index';
import { config } from '#lambdas/config';

export const confirmationPorts: ConfirmationPorts = { readApplicantRecord, readStatus, claimMail, markMailSent, releaseMail, sendMail, canSendMail, publicOrigin: () => config().publicOrigin };
