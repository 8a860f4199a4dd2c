/**
 * The confirmation e-mail of a submission: to the account's address, naming the institution,
 * with the reference, the submission time on the institution's clock, what happens next and a
 * link to the status page. Sent once per submission: a claim in the status table lets exactly
 * one sender through, and a failed send gives the claim back and throws, so the invocation's
 * retry tries again. Submit never waits for it.
 */
import { randomUUID } from 'node:crypto';
import { COMPLETION_PATH } from '#form/contract';
import type { LanguageCode } from '#form/i18n/languages';
import { languageOr } from '#form/i18n/server-words';
import { officeTexts } from '#form/institution';
import { applicantWord, institutionMail } from '#form/institution-mail';
import { submittedAtInWords } from '#form/print';
import { withdrawIfErased, type ApplicantWrites } from './data-rights/late-writes';
import type { ApplicantRecordReader } from './ports/answers';
import type { LateWritePorts, RelatedItem } from './ports/erasure';
import { accountOf } from './ports/keys';
import type { MailClaims, Mailer, OutgoingMail } from './ports/mail';
import type { StatusReader } from './ports/status';

/** What the confirmation job reads, claims and sends with (lambdas/wiring/submission.ts). */
export interface ConfirmationPorts extends ApplicantRecordReader, StatusReader, MailClaims {
  sendMail: Mailer;
  /** Reads whether the account is closed or being erased, and deletes the mail's claim then. */
  lateWrites: LateWritePorts;
  /** The mail's claim item in the adapters' key scheme. */
  mailItem(sub: string, kind: string): RelatedItem;
  /** False in a deployment without a mail sender: it chose to send no confirmations. */
  canSendMail(): boolean;
  /** The site's origin, for the status page's link (configuration, read when the mail is written). */
  publicOrigin(): string;
}

export const CONFIRMATION_MAIL = 'confirmation';
/** Longer than a send takes; a sender that died holding the claim is taken over after it. */
export const CONFIRMATION_CLAIM_MS = 60_000;

export interface ConfirmationInput {
  to: string;
  reference: string;
  submittedAt: string;
  firstName?: string;
  publicOrigin: string;
  /** The applicant's language, saved on the account (issue 41); the institution's when none was chosen. */
  language?: LanguageCode;
}

export function confirmationMail(input: ConfirmationInput): OutgoingMail {
  const statusUrl = new URL(COMPLETION_PATH, input.publicOrigin).href;
  const language = languageOr(input.language);
  // What the status page shows is the institution's to say (its next steps); the e-mail only adds the link.
  return institutionMail(
    'confirmation',
    input.to,
    {
      first_name: input.firstName?.trim() || applicantWord(language),
      reference: input.reference,
      submitted_at: submittedAtInWords(input.submittedAt, undefined, language),
      next_steps: officeTexts.nextSteps(),
    },
    statusUrl,
    language,
  );
}

/** 'account-closed': the account was being erased; no mail went (or, closed after the send, its claim was taken back). */
export type ConfirmationOutcome = 'sent' | 'already-sent' | 'not-submitted' | 'no-address' | 'no-sender' | 'account-closed';

/** The confirmation job (the event handler and the local stack both call it). Throws when the send fails. */
export async function sendConfirmationMail(ports: ConfirmationPorts, sub: string, now: () => Date = () => new Date()): Promise<ConfirmationOutcome> {
  // The address is the account's (its status item), whichever of its applications was submitted.
  const [record, status] = await Promise.all([ports.readApplicantRecord(sub), ports.readStatus(accountOf(sub))]);
  if (!record.submittedAt || !record.reference) return 'not-submitted';
  if (!status.username) return 'no-address';
  // Not a failure to retry: a deployment without a sender sends no confirmations by choice, and
  // a throw would park every submission's mail in the dead letters and raise their alarm.
  if (!ports.canSendMail()) return 'no-sender';
  const claimId = randomUUID();
  if (!(await ports.claimMail(sub, CONFIRMATION_MAIL, claimId, now(), CONFIRMATION_CLAIM_MS))) return 'already-sent';
  // The claim is a write in the applicant's partition, made outside any request: if the account
  // is being erased, the erasure may have listed before it, so it is taken back here (and no mail
  // goes to an account being deleted); checked again after the send for an erasure begun meanwhile.
  const claim: ApplicantWrites = { sub, objects: [], items: [ports.mailItem(sub, CONFIRMATION_MAIL)] };
  if (await withdrawIfErased(ports.lateWrites, claim)) return 'account-closed';
  const mail = confirmationMail({
    to: status.username,
    reference: record.reference,
    submittedAt: record.submittedAt,
    firstName: record.answers.first_name,
    publicOrigin: ports.publicOrigin(),
    language: languageOr(status.language),
  });
  let messageId: string;
  try {
    messageId = await ports.sendMail(mail);
  } catch (error) {
    await ports.releaseMail(sub, CONFIRMATION_MAIL, claimId);
    throw error;
  }
  await ports.markMailSent(sub, CONFIRMATION_MAIL, claimId, now(), messageId);
  return (await withdrawIfErased(ports.lateWrites, claim)) ? 'account-closed' : 'sent';
}
