/**
 * The applicant's side of a decision: nothing before release (not even whether one is staged),
 * then the released decision's letter and the reply it offers. The applicant is always the
 * session's subject; the record's staged decision, note and reviews never reach this side.
 */
import { DEFAULT_LANGUAGE, type LanguageCode } from '#form/i18n/languages';
import { serverText } from '#form/i18n/server-words';
import type { LetterSignature } from '#form/types';
import { REPLY_OPTIONS, type ReplyChoice } from '#form/wire/decision-words';
import { type ApplicantDecision } from '#form/wire/decisions';
import { endpoints } from '#form/wire/endpoints';
import type { SubmissionEvent } from '#form/wire/events';
import { withdrawIfErased } from '../data-rights/late-writes';
import { Conflict, NotFound } from '../errors';
import { eventCommon } from '../events/common';
import { transition } from '../lifecycle/table';
import type { DecisionRecord, DecisionStore } from '../ports/decisions';
import type { DownloadLinks } from '../ports/documents';
import type { LateWritePorts } from '../ports/erasure';
import type { JobLog } from '../ports/log';
import type { Mailer } from '../ports/mail';
import type { PublishSubmissionEvent, SubmittedApplication } from '../ports/submissions';
import { decisionLetterKey } from './keys';
import { calendarDayIn, calendarDayInWords, decisionLetter, letterHtml, replyDeadline, type LetterSettings } from './letter';
import { replyMail } from './mails';
import { offerReplyBy } from './reply-by';

export interface DecisionSettings extends LetterSettings {
  helpEmail: string;
  address: readonly string[];
  /** The letters' signature block. */
  signature: LetterSignature;
  /** What happens after each reply (policies.decisions.afterReply). */
  afterReply: Readonly<Record<ReplyChoice, string>>;
}

export interface ApplicantDecisionPorts {
  decisions: Pick<DecisionStore, 'readDecision'>;
  readSubmitted(sub: string): Promise<SubmittedApplication | undefined>;
  settings: DecisionSettings;
}

export const APPLICANT_DECISION_MESSAGES = {
  nothingReleased: 'There is no decision on your application yet.',
  // One sentence in the catalog for every language; English names the day as the spec shows it (ISO).
  alreadyReplied: (choice: ReplyChoice, at: string, language: LanguageCode = DEFAULT_LANGUAGE) =>
    serverText(language, 'server.decision.alreadyReplied', {
      reply: serverText(language, `server.decision.reply.${choice}`),
      day: language === DEFAULT_LANGUAGE ? at.slice(0, 10) : calendarDayInWords(at.slice(0, 10), language),
    }),
  noReplyNeeded: 'Your decision does not ask for a reply.',
  notOffered: 'Your decision does not offer this reply. Choose one of the replies shown with your letter.',
  expired: (replyBy: string | undefined, helpEmail: string, language: LanguageCode = DEFAULT_LANGUAGE) =>
    replyBy
      ? serverText(language, 'server.decision.expiredBy', { day: calendarDayInWords(replyBy, language), email: helpEmail })
      : serverText(language, 'server.decision.expired', { email: helpEmail }),
  tooLate: (replyBy: string, helpEmail: string, language: LanguageCode = DEFAULT_LANGUAGE) =>
    serverText(language, 'server.decision.tooLate', { day: calendarDayInWords(replyBy, language), email: helpEmail }),
  crossed: 'Your reply crossed with a change to your decision. Reload the page to read it, then reply again.',
  letterNotReady: 'Your letter\u2019s PDF is being prepared. Go back and try again in a minute.',
} as const;

/** What GET /api/decision answers for a record (pending until a release shows it). */
export function applicantView(record: DecisionRecord | undefined, app: SubmittedApplication | undefined, settings: DecisionSettings): ApplicantDecision {
  if (!record?.released || !app) return { status: 'pending' };
  const decision = record.released.decision;
  const options = [...REPLY_OPTIONS[decision]];
  const by = options.length > 0 ? offerReplyBy(settings, app.answers, app.placement) : undefined;
  const reply = record.reply;
  return {
    status: 'released',
    decision,
    released_at: record.released.at,
    letter: { ...decisionLetter(decision, app.answers, settings, reply, app.placement), download_url: endpoints.downloadDecisionLetter.path },
    reply: {
      options,
      ...(by ? { by } : {}),
      ...(reply
        ? {
            chosen: reply.choice,
            replied_at: reply.at,
            next_steps: reply.expired ? APPLICANT_DECISION_MESSAGES.expired(by, settings.helpEmail) : settings.afterReply[reply.choice],
            ...(reply.expired ? { expired: true as const } : {}),
          }
        : {}),
    },
  };
}

export async function readApplicantDecision(ports: ApplicantDecisionPorts, sub: string): Promise<ApplicantDecision> {
  const record = await ports.decisions.readDecision(sub);
  // Nothing else is read before a release: a staged decision changes nothing in the answer.
  if (!record?.released) return { status: 'pending' };
  return applicantView(record, await ports.readSubmitted(sub), ports.settings);
}

export interface ReplyPorts extends ApplicantDecisionPorts {
  decisions: DecisionStore;
  publish: PublishSubmissionEvent;
  /** The reply's confirmation to the applicant. */
  sendMail: Mailer;
  /** The site's origin, for the status page's link in the e-mail. */
  origin: string;
  /** Asks the renderer for the answered letter's PDF (the download asks again if this is lost). */
  requestLetter(sub: string): Promise<void>;
  log: Pick<JobLog, 'error'>;
}

/**
 * POST /api/decision/reply: once, one of the options offered, by the end of the offer's reply-by
 * day (institution's clock); the table's reply row names its event. Then, without failing the
 * reply it follows (the page shows it whatever happens): the confirmation e-mail with the next
 * step, and the answered letter's print.
 */
export async function replyToDecision(ports: ReplyPorts, sub: string, choice: ReplyChoice, now: Date = new Date()): Promise<ApplicantDecision> {
  const [record, app] = await Promise.all([ports.decisions.readDecision(sub), ports.readSubmitted(sub)]);
  const released = record?.released;
  if (!record || !released) throw new NotFound(APPLICANT_DECISION_MESSAGES.nothingReleased);
  const { timeZone, helpEmail } = ports.settings;
  const replyBy = offerReplyBy(ports.settings, app?.answers ?? {}, app?.placement);
  // Refusals naming a day or a reply are worded per language (the day through Intl, issue 41).
  const reply = record.reply;
  if (reply?.expired) throw new Conflict((language) => APPLICANT_DECISION_MESSAGES.expired(replyBy, helpEmail, language));
  if (reply) throw new Conflict((language) => APPLICANT_DECISION_MESSAGES.alreadyReplied(reply.choice, reply.at, language));
  const options = REPLY_OPTIONS[released.decision];
  if (options.length === 0) throw new Conflict(APPLICANT_DECISION_MESSAGES.noReplyNeeded);
  if (!options.includes(choice)) throw new Conflict(APPLICANT_DECISION_MESSAGES.notOffered);
  if (replyBy && now.getTime() >= replyDeadline(replyBy, timeZone).getTime())
    throw new Conflict((language) => APPLICANT_DECISION_MESSAGES.tooLate(replyBy, helpEmail, language));
  const next: DecisionRecord = { ...record, reply: { choice, at: now.toISOString() }, version: record.version + 1 };
  if (!(await ports.decisions.writeDecision(sub, next, record.version))) throw new Conflict(APPLICANT_DECISION_MESSAGES.crossed);
  const event: SubmissionEvent = {
    type: transition(choice).event,
    detail: {
      ...eventCommon(sub, app?.placement),
      id: sub,
      reference: app?.reference ?? '',
      decision: released.decision,
      reply: choice,
      replied_at: next.reply!.at,
    },
  };
  await ports.publish(event);
  await Promise.all([
    confirmReply(ports, app, released.decision, choice, now),
    ports.requestLetter(sub).catch((error: unknown) => ports.log.error('answered letter not requested', { sub, error })),
  ]);
  return applicantView(next, app, ports.settings);
}

async function confirmReply(
  ports: ReplyPorts,
  app: SubmittedApplication | undefined,
  decision: DecisionRecord['decision'],
  choice: ReplyChoice,
  now: Date,
): Promise<void> {
  if (!app?.email) return;
  const firstName = typeof app.answers.first_name === 'string' ? app.answers.first_name : '';
  const mail = replyMail({
    to: app.email,
    firstName,
    decision,
    reply: choice,
    day: calendarDayInWords(calendarDayIn(now.toISOString(), ports.settings.timeZone)),
    next: ports.settings.afterReply[choice],
    helpEmail: ports.settings.helpEmail,
    origin: ports.origin,
    language: app.language,
  });
  await ports.sendMail(mail).catch((error: unknown) => ports.log.error('reply confirmation not sent', { sub: app.id, error }));
}

export { decisionLetterKey };

export interface LetterFiles {
  /** Size of a stored object, or undefined when there is none. */
  letterSize(key: string): Promise<number | undefined>;
  links: DownloadLinks;
  requestLetter(sub: string): Promise<void>;
}

/** GET /api/decision/letter/download: a new short-lived link to the released letter's PDF. */
export async function decisionLetterDownload(ports: Pick<ApplicantDecisionPorts, 'decisions' | 'readSubmitted'> & LetterFiles, sub: string): Promise<string> {
  const record = await ports.decisions.readDecision(sub);
  if (!record?.released) throw new NotFound(APPLICANT_DECISION_MESSAGES.nothingReleased);
  const key = decisionLetterKey(sub, record.released.release_id, !!record.reply);
  if ((await ports.letterSize(key)) === undefined) {
    // Printed at release; asked again here in case that print failed for good.
    await ports.requestLetter(sub);
    throw new NotFound(APPLICANT_DECISION_MESSAGES.letterNotReady);
  }
  const app = await ports.readSubmitted(sub);
  return ports.links.signPdfDownload(key, `decision-${app?.reference || sub}.pdf`);
}

export interface LetterPrintPorts extends Pick<ApplicantDecisionPorts, 'decisions' | 'readSubmitted' | 'settings'> {
  letterSize(key: string): Promise<number | undefined>;
  print(html: string): Promise<Uint8Array>;
  store(key: string, pdf: Uint8Array): Promise<void>;
  /** Reads whether the applicant's account is closed or being erased, and deletes the letter then. */
  lateWrites: LateWritePorts;
  /** The institution's logo for the letterhead, as a data: URL. */
  logo(): string;
}

/**
 * The print job (the renderer): the released letter's PDF, once per release and once more when the
 * applicant has replied (the answered letter no longer asks for the reply). A letter stored
 * after the applicant's deletion listed their letters is taken back ('withdrawn': late-writes.ts).
 */
export async function printDecisionLetter(ports: LetterPrintPorts, sub: string): Promise<'printed' | 'exists' | 'not-released' | 'withdrawn'> {
  const [record, app] = await Promise.all([ports.decisions.readDecision(sub), ports.readSubmitted(sub)]);
  if (!record?.released || !app) return 'not-released';
  const key = decisionLetterKey(sub, record.released.release_id, !!record.reply);
  if ((await ports.letterSize(key)) !== undefined) return 'exists';
  const letter = decisionLetter(record.released.decision, app.answers, ports.settings, record.reply, app.placement);
  const date = calendarDayInWords(
    new Intl.DateTimeFormat('en-CA', { timeZone: ports.settings.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
      new Date(record.released.at),
    ),
  );
  const { institution, address, signature } = ports.settings;
  const html = letterHtml(letter, { institution, address, date, logo: ports.logo(), signature });
  await ports.store(key, await ports.print(html));
  if (await withdrawIfErased(ports.lateWrites, { sub, objects: [{ bucket: 'documents', key }], items: [] })) return 'withdrawn';
  return 'printed';
}
