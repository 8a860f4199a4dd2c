/**
 * The applicant's side of a released decision (domain/releases/applicant.ts): reading it, the one
 * reply (confirmed by e-mail), the letter's download. The letters' settings are the institution's
 * configuration (letters, signature, reply-by date, what follows each reply, time zone), with the
 * deployment's DECISION_REPLY_BY, when set, in place of the reply-by date; the render Lambda
 * prints the letter with them (render.ts).
 */
import { log } from '#adapters/log';
import { documentDownloads, objectSize } from '#adapters/storage/signed-objects';
import { decisionsStore } from '#adapters/store/decisions-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import type { DecisionSettings, decisionLetterDownload, readApplicantDecision, replyToDecision } from '#domain/releases/applicant';
import { texts as arTexts } from '#form/i18n/institution/ar';
import { texts as esTexts } from '#form/i18n/institution/es';
import { institution } from '#form/institution';
import { timetable } from '#form/institution-cycles';
import { decisionLetters, policies } from '#form/institution-policies';
import { config } from '#lambdas/config';
import { publishSubmissionEvent } from './events';
import { freshOfficeWords } from './office-words';
import type { PortsOf } from './ports-of';
import { sendProductMail } from './product-mail';
import { requestDecisionLetter } from './renderer';

export function decisionSettings(): DecisionSettings {
  const replyBy = policies.decisions.replyBy;
  const replyByOverride = config().decisionReplyBy;
  return {
    institution: institution.name,
    majors: institution.majors,
    letters: decisionLetters(),
    signature: policies.decisions.signature,
    afterReply: policies.decisions.afterReply,
    ...(replyBy ? { replyBy } : {}),
    ...(replyByOverride ? { replyByOverride } : {}),
    // Each round's reply-by day (an application submitted in it answers by then).
    cycles: timetable.cycles,
    timeZone: institution.timeZone,
    helpEmail: institution.helpEmail,
    translations: { es: esTexts, ar: arTexts },
    address: [...institution.address.lines, `${institution.address.city}, ${institution.address.state} ${institution.address.zip}`],
  };
}

/** The settings with the office's current letters (Settings), read again at most once a minute. */
export async function freshDecisionSettings(): Promise<DecisionSettings> {
  await freshOfficeWords();
  return decisionSettings();
}

export async function applicantDecisionPorts(): Promise<PortsOf<typeof readApplicantDecision>> {
  return { decisions: decisionsStore, readSubmitted, settings: await freshDecisionSettings() };
}

export async function replyPorts(): Promise<PortsOf<typeof replyToDecision>> {
  return {
    decisions: decisionsStore,
    readSubmitted,
    settings: await freshDecisionSettings(),
    publish: publishSubmissionEvent,
    // The reply's confirmation (not to a bounced or complained address), and the answered letter's print.
    sendMail: sendProductMail,
    origin: config().publicOrigin,
    requestLetter: requestDecisionLetter,
    log,
  };
}

/** The letter's download: a new short-lived link to its PDF, which is asked for again while it is missing. */
export function letterDownloadPorts(): PortsOf<typeof decisionLetterDownload> {
  return {
    decisions: decisionsStore,
    readSubmitted,
    links: documentDownloads,
    letterSize: (key) => objectSize(config().documentsBucket, key),
    requestLetter: requestDecisionLetter,
  };
}
