/**
 * One recipient's message of a mailing, as the preview shows it, the test send sends it and the
 * sender sends it: the office's subject and body with the recipient's values, in plain text (no
 * HTML, so no value can become a link's target), filled by mail-words.ts's one filler (each
 * placeholder once, in one pass; the subject only with the office's own values), then the
 * institution's signature, and for a transactional mailing why the applicant receives it.
 */
import { COMPLETION_PATH } from '#form/contract';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#form/i18n/languages';
import { languageOr, serverText } from '#form/i18n/server-words';
import { institution } from '#form/institution';
import { signatureIn } from '#form/institution-mail';
import { institutionWordsIn } from '#form/institution-server-texts';
import { composeText, MAILING, type MailValues } from '#form/mail-words';
import type { MailingDraft, RenderedMessage } from '#form/wire/messages';
import type { ApplicantRecordReader } from '../ports/answers';
import type { Recipient } from '../ports/messages';
import { statusChecklist } from '../status-page';

export interface ComposePorts extends ApplicantRecordReader {
  /** The site's origin: the status page's link. */
  origin: string;
}

/** Why a transactional message is sent, in the recipient's language: it concerns the applicant's own application, so no unsubscribe stops it. */
export const transactionalReason = (name: string, language: LanguageCode = DEFAULT_LANGUAGE): string =>
  serverText(language, 'mail.mailing.transactional', { institution: name });

/** The required materials a submitted application still awaits, in the checklist's words. */
async function missingMaterials(ports: ComposePorts, application: string, now: Date): Promise<string> {
  const record = await ports.readApplicantRecord(application);
  return statusChecklist(record, {}, now)
    .filter((entry) => entry.state === 'awaiting')
    .map((entry) => entry.label)
    .join(', ');
}

export async function composeFor(ports: ComposePorts, mailing: MailingDraft, recipient: Recipient, now: Date): Promise<RenderedMessage> {
  const language = languageOr(recipient.language);
  const values: MailValues = {
    institution: institutionWordsIn(language, institution.name),
    help_email: institution.helpEmail,
    status_link: new URL(COMPLETION_PATH, ports.origin).href,
    ...recipient.values,
  };
  if (values.missing_items === undefined && mailing.body.includes('{missing_items}'))
    values.missing_items = mailing.recipients.source === 'submitted' ? await missingMaterials(ports, recipient.application, now) : '';
  if (values.missing_items === '') values.missing_items = serverText(language, 'mail.mailing.nothing');
  // The frame in the recipient's language (the signature, the reason); the office's own words as written.
  const signed = signatureIn(language);
  const signature = mailing.kind === 'transactional' ? `${signed}\n\n${transactionalReason(values.institution!, language)}` : signed;
  const { subject, text } = composeText(MAILING, mailing, values, signature);
  return { to: recipient.email, subject, text };
}
