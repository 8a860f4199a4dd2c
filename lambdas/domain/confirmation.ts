/**
 * The confirmation e-mail of a submission: to the account's address, naming the institution,
 * with the reference, the submission time on the institution's clock, what happens next and a
 * link to the status page. Sent once per submission: a claim in the status table lets exactly
 * one sender through, and a failed send gives the claim back and throws, so the invocation's
 * retry tries again. Submit never waits for it.
 */
import { randomUUID } from 'node:crypto';
import { institution } from '../../form/institution';
import { submittedAtInWords } from '../../form/print';
import { COMPLETION_PATH } from '../../form/contract';
import { config } from '../config';
import { readApplicantRecord } from '../adapters/store/answers-store';
import { readStatus } from '../adapters/store/status-store';
import { claimMail, markMailSent, releaseMail } from '../adapters/store/mail-store';
import { sendMail, type OutgoingMail } from '../adapters/mail';
import { requestConfirmationMail } from '../adapters/mail/request';

export const CONFIRMATION_MAIL = 'confirmation';
/** Longer than a send takes; a sender that died holding the claim is taken over after it. */
export const CONFIRMATION_CLAIM_MS = 60_000;

export interface ConfirmationInput {
  to: string;
  reference: string;
  submittedAt: string;
  firstName?: string;
  publicOrigin: string;
}

export function confirmationMail(input: ConfirmationInput): OutgoingMail {
  const statusUrl = new URL(COMPLETION_PATH, input.publicOrigin).href;
  const when = submittedAtInWords(input.submittedAt);
  const text = [
    `Dear ${input.firstName?.trim() || 'applicant'},`,
    '',
    `${institution.name} has received your ${institution.applicationTitle}.`,
    '',
    `Application reference: ${input.reference}`,
    `Submitted: ${when}`,
    '',
    'What happens next',
    institution.afterSubmission.nextSteps,
    '',
    `Your status page shows which materials have arrived and lets you add the ones still accepted: ${statusUrl}`,
    '',
    `Questions? Write to ${institution.helpEmail} and quote your reference.`,
    '',
    `${institution.name} Office of Admissions`,
  ].join('\n');
  return { to: input.to, subject: `${institution.name}: application received (${input.reference})`, text, link: statusUrl };
}

export type ConfirmationOutcome = 'sent' | 'already-sent' | 'not-submitted' | 'no-address';

/** The confirmation job (the event handler and the local stack both call it). Throws when the send fails. */
export async function sendConfirmationMail(sub: string, now: () => Date = () => new Date()): Promise<ConfirmationOutcome> {
  const [record, status] = await Promise.all([readApplicantRecord(sub), readStatus(sub)]);
  if (!record.submittedAt || !record.reference) return 'not-submitted';
  if (!status.username) return 'no-address';
  const claimId = randomUUID();
  if (!(await claimMail(sub, CONFIRMATION_MAIL, claimId, now(), CONFIRMATION_CLAIM_MS))) return 'already-sent';
  const mail = confirmationMail({
    to: status.username,
    reference: record.reference,
    submittedAt: record.submittedAt,
    firstName: record.answers.first_name,
    publicOrigin: config().publicOrigin,
  });
  let messageId: string;
  try {
    messageId = await sendMail(mail);
  } catch (error) {
    await releaseMail(sub, CONFIRMATION_MAIL, claimId);
    throw error;
  }
  await markMailSent(sub, CONFIRMATION_MAIL, claimId, now(), messageId);
  return 'sent';
}

/**
 * What follows a submission without holding it up (submit's one call): the confirmation e-mail.
 * Called on every submit: a repeated submit also retries an e-mail that never went, and the claim
 * keeps it to one.
 */
export async function afterSubmission(sub: string): Promise<void> {
  await requestConfirmationMail(sub);
}
