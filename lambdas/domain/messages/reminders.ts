/**
 * The automatic reminders (issue 40, item 4), sent by the daily sweep: to applications still in
 * progress N days before their round's deadline, to submitted applications still missing required
 * materials N days after their submission, and to admitted applicants who have not replied N days
 * before their reply-by date (each N the configuration's `mail.reminders`; a kind without one is
 * not sent). Their words are e-mails of Settings (form/mail-words.ts, `reminder*`).
 *
 * Once per applicant and occasion. An occasion is what a reminder is about: a round's deadline
 * (`reminder:deadline:<cycle>:<round>`), an application's materials (`reminder:materials:<cycle>`),
 * an offer's reply-by date (`reminder:reply:<cycle>:<day>`). Its id is a send ledger's, as a
 * mailing's (messages/sending.ts): the sweep puts a recipient's row by a conditional put, so a
 * rerun on the same day finds the row and sends nothing new; a day the sweep did not run is caught
 * up by the next, since a reminder stays due until its day has passed (a deadline, a reply-by
 * date) or for good (materials), and its row says whether it went. The rows go on the mailings'
 * queue, and its sender delivers each once (`deliverReminder`: the row claimed by a conditional
 * update, then the mail, then the applicant's copy in their Messages), at the queue's pace.
 *
 * The sweep's answer and its access record are counts only.
 */
import { addDays, dayIn } from '#form/calendar';
import { COMPLETION_PATH } from '#form/contract';
import type { LanguageCode } from '#form/i18n/languages';
import { languageOr, serverText } from '#form/i18n/server-words';
import type { Timetable } from '#form/institution-cycles';
import { institutionWordsIn } from '#form/institution-server-texts';
import { mailDayInWords, mailListInWords } from '#form/mail-language';
import { composeText, MAILS, type MailKind, type MailValues, type MailWords } from '#form/mail-words';
import type { ReminderDays } from '#form/types';
import { rowsFrom } from '../office/in-progress';
import type { ApplicantRecordReader } from '../ports/answers';
import type { InProgressIndex } from '../ports/in-progress';
import type { Mailer } from '../ports/mail';
import type { ApplicantMessages, LedgerRow, MailingQueue, Recipient, SendLedger } from '../ports/messages';
import type { SubmissionsQuery, SubmittedApplication } from '../ports/submissions';
import type { Suppressions } from '../ports/suppression';
import { statusChecklist } from '../status-page';
import { pageInWords, safeFirstName } from './recipients';
import { MAX_ATTEMPTS, SENDING_LEASE_MS, endInterrupted } from './sending';
import { stopsProductMail, SUPPRESSION_TEXT } from './suppression';

export const REMINDER_KINDS = ['deadline', 'materials', 'reply'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** Each reminder's e-mail in Settings. */
export const REMINDER_MAIL: Readonly<Record<ReminderKind, MailKind>> = {
  deadline: 'reminderDeadline',
  materials: 'reminderMaterials',
  reply: 'reminderReply',
};

/** An occasion's id: the kind, then the cycle, then the round or the day (ids and days are letters, digits, dots, hyphens). */
export const REMINDER_OCCASION = /^reminder:(deadline|materials|reply):[A-Za-z0-9._-]{1,64}(:[A-Za-z0-9._-]{1,64})?$/;

export const occasionOf = (kind: ReminderKind, ...parts: string[]): string => ['reminder', kind, ...parts].join(':');

export function kindOf(occasion: string): ReminderKind | undefined {
  const m = REMINDER_OCCASION.exec(occasion);
  return m ? (m[1] as ReminderKind) : undefined;
}

export interface ReminderSweepPorts extends InProgressIndex, SubmissionsQuery, ApplicantRecordReader {
  timetable: Timetable;
  /** `mail.reminders` of the configuration. */
  days: ReminderDays;
  /** Released offers of a reply that have none, from the submissions index. */
  listOpenOffers(): AsyncIterable<SubmittedApplication>;
  /** The offer's reply-by day (YYYY-MM-DD), or undefined when it has none. */
  replyBy(app: SubmittedApplication): string | undefined;
  /** The language saved on the application's account (issue 41), undefined when it never chose one. */
  languageOf(application: string): Promise<string | undefined>;
  ledger: SendLedger;
  messages: Pick<ApplicantMessages, 'hasMessage'>;
  queue: MailingQueue;
  /** Keeps an occasion's id where the erasure finds it (its ledger's rows hold addresses). */
  noteOccasion(occasion: string): Promise<void>;
  /** The sweep's access record, in the name of `system`: counts only. */
  audit(detail: Record<string, string>, now: Date): Promise<unknown>;
}

export interface ReminderDeliveryPorts extends ApplicantRecordReader {
  ledger: SendLedger;
  messages: Pick<ApplicantMessages, 'putMessage'>;
  sendMail: Mailer;
  /** Read after the claim: a bounced or complained address is not written to (stopsProductMail). */
  suppressions: Pick<Suppressions, 'readSuppression'>;
  /** A reminder's words in `language`: as the office last edited them in Settings, else the product's (translated while not edited). */
  words(kind: MailKind, language: LanguageCode): MailWords;
  institution: { name: string; helpEmail: string; signature: string };
  origin: string;
  now(): Date;
}

export interface ReminderSweepResult {
  as_of: string;
  /** Reminders put in the ledger and queued by this run, by kind. */
  queued: Record<ReminderKind, number>;
  /** Due, but already in the ledger (sent, or queued by an earlier run): not sent again. */
  already: number;
  /** Rows an earlier run queued whose delivery was lost, queued again. */
  requeued: number;
  /** Candidates whose reminder could not be queued (the next run tries again). */
  failed: number;
}

/** Index reads of a page. */
const PAGE = 100;
const QUEUE_BATCH = 10;

/** A day of the timetable (YYYY-MM-DD) in the applicant's language (issue 41). */
const dayInWords = (day: string, language: LanguageCode) => mailDayInWords(new Date(`${day}T00:00:00Z`), language);

/** Due from `days` before `day` to `day` itself: a missed run's reminder still goes the next day, never after the day has passed. */
export const dueBefore = (today: string, day: string, days: number): boolean => today >= addDays(day, -days) && today <= day;

/** One reminder found due: its occasion and its recipient. */
export interface DueReminder {
  kind: ReminderKind;
  occasion: string;
  recipient: Recipient;
}

/** In-progress applications of each round whose deadline is within N days (those with no round chosen: each round's). */
async function* dueDeadlines(ports: ReminderSweepPorts, today: string, days: number, now: Date): AsyncGenerator<DueReminder> {
  for (const cycle of ports.timetable.cycles) {
    const rounds = cycle.rounds.filter((r) => dueBefore(today, r.deadline, days));
    if (rounds.length === 0) continue;
    let after: string | undefined;
    do {
      const page = await rowsFrom(ports, cycle, undefined, PAGE, after, now);
      for (const row of page.items) {
        if (!row.email) continue;
        let language: LanguageCode | undefined;
        for (const round of rounds) {
          if (row.round !== undefined && row.round !== round.id) continue;
          language ??= languageOr(await ports.languageOf(row.id));
          const values: MailValues = {
            first_name: safeFirstName(row.name.split(' ')[0]),
            round: institutionWordsIn(language, round.label),
            deadline: dayInWords(round.deadline, language),
            missing_items:
              row.missing.length > 0
                ? mailListInWords(
                    row.missing.map((title) => pageInWords(title, language!)),
                    language,
                  )
                : serverText(language, 'mail.reminder.lastStep'),
          };
          yield {
            kind: 'deadline',
            occasion: occasionOf('deadline', cycle.id, round.id),
            recipient: { application: row.id, email: row.email, values, language },
          };
        }
      }
      after = page.next;
    } while (after);
  }
}

const firstNameOf = (app: SubmittedApplication) => safeFirstName(String(app.answers.preferred_name || app.answers.first_name || ''));

function roundValues(t: Timetable, app: SubmittedApplication, language: LanguageCode): MailValues {
  const round = t.cycles.find((c) => c.id === app.placement?.cycle)?.rounds.find((r) => r.id === app.placement?.round);
  return round ? { round: round.label, deadline: dayInWords(round.deadline, language) } : {};
}

/** Submitted applications N days old or more whose required materials are still awaited (a decision released: no longer). */
async function* dueMaterials(ports: ReminderSweepPorts, today: string, days: number, now: Date, sent: (occasion: string) => Promise<Set<string>>) {
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ports.querySubmissions({ complete: false }, PAGE, start);
    for (const app of page.items) {
      if (!app.email || app.officeStatus === 'released' || dayIn(new Date(app.submittedAt), ports.timetable.timeZone) > addDays(today, -days)) continue;
      const occasion = occasionOf('materials', app.placement?.cycle ?? 'unplaced');
      // Read the record only of those not yet reminded: the ledger answers the rest.
      if ((await sent(occasion)).has(app.id)) {
        yield { kind: 'materials' as const, occasion, recipient: { application: app.id, email: app.email, values: {} } };
        continue;
      }
      const record = await ports.readApplicantRecord(app.id);
      const missing = statusChecklist(record, {}, now)
        .filter((entry) => entry.state === 'awaiting')
        .map((entry) => entry.label);
      if (missing.length === 0) continue;
      // The submitted application's language (applicant_language), as its other e-mails.
      const language = languageOr(app.language);
      const values: MailValues = {
        first_name: firstNameOf(app),
        ...roundValues(ports.timetable, app, language),
        missing_items: mailListInWords(missing, language),
      };
      yield { kind: 'materials' as const, occasion, recipient: { application: app.id, email: app.email, values, language } };
    }
    start = page.next;
  } while (start);
}

/** Admit offers with no reply whose reply-by day is within N days. */
async function* dueReplies(ports: ReminderSweepPorts, today: string, days: number): AsyncGenerator<DueReminder> {
  for await (const app of ports.listOpenOffers()) {
    if (app.decision !== 'admit' || app.reply || !app.email) continue;
    const replyBy = ports.replyBy(app);
    if (!replyBy || !dueBefore(today, replyBy, days)) continue;
    const language = languageOr(app.language);
    const values: MailValues = { first_name: firstNameOf(app), ...roundValues(ports.timetable, app, language), reply_by: dayInWords(replyBy, language) };
    yield {
      kind: 'reply',
      occasion: occasionOf('reply', app.placement?.cycle ?? 'unplaced', replyBy),
      recipient: { application: app.id, email: app.email, values, language },
    };
  }
}

/**
 * One sweep as of `now` (the end of the day it runs for, on the institution's clock): every
 * reminder due is put in its occasion's ledger once and queued; a row an earlier run queued that
 * is still queued long after is queued again (its delivery was lost); one found `sending` long
 * after is ended as the mailings' are (never sent twice).
 */
export async function sweepReminders(ports: ReminderSweepPorts, now: Date): Promise<ReminderSweepResult> {
  const today = dayIn(now, ports.timetable.timeZone);
  const result: ReminderSweepResult = { as_of: today, queued: { deadline: 0, materials: 0, reply: 0 }, already: 0, requeued: 0, failed: 0 };
  const ledgers = new Map<string, Map<string, LedgerRow>>();
  const rowsOf = async (occasion: string) => {
    let rows = ledgers.get(occasion);
    if (!rows) {
      const listed = await ports.ledger.listRows(occasion);
      await endInterrupted(ports, listed, now);
      rows = new Map(listed.map((r) => [r.application, r]));
      ledgers.set(occasion, rows);
    }
    return rows;
  };
  // Queued ten at a time as they are put: a run stopped half-way leaves few rows put but not queued (the next run queues them).
  const toQueue = new Map<string, string[]>();
  const queue = async (occasion: string, application: string) => {
    const waiting = [...(toQueue.get(occasion) ?? []), application];
    toQueue.set(occasion, waiting.length >= QUEUE_BATCH ? [] : waiting);
    if (waiting.length >= QUEUE_BATCH) await ports.queue.enqueue(occasion, waiting);
  };

  const found: Array<AsyncIterable<DueReminder>> = [];
  const { deadline, materials, reply } = ports.days;
  if (deadline !== undefined) found.push(dueDeadlines(ports, today, deadline, now));
  if (materials !== undefined) found.push(dueMaterials(ports, today, materials, now, async (o) => new Set((await rowsOf(o)).keys())));
  if (reply !== undefined) found.push(dueReplies(ports, today, reply));

  for (const due of found) {
    for await (const { kind, occasion, recipient } of due) {
      try {
        const rows = await rowsOf(occasion);
        const row = rows.get(recipient.application);
        if (row) {
          result.already += 1;
          // Queued by an earlier run and never delivered (a local queue lost at a restart, a message dead-lettered): once more.
          if (row.state === 'queued' && now.getTime() - Date.parse(row.at) > SENDING_LEASE_MS) {
            await queue(occasion, recipient.application);
            result.requeued += 1;
          }
          continue;
        }
        if (rows.size === 0) await ports.noteOccasion(occasion);
        const fresh: LedgerRow = { ...recipient, mailing: occasion, state: 'queued', at: now.toISOString(), attempts: 0 };
        rows.set(recipient.application, fresh);
        // Another sweep running at the same moment put it first: it queues it, not this one.
        if (!(await ports.ledger.queueRecipient(fresh))) {
          result.already += 1;
          continue;
        }
        await queue(occasion, recipient.application);
        result.queued[kind] += 1;
      } catch {
        result.failed += 1;
      }
    }
  }
  for (const [occasion, applications] of toQueue) if (applications.length > 0) await ports.queue.enqueue(occasion, applications);
  const count = REMINDER_KINDS.reduce((n, k) => n + result.queued[k], 0);
  await ports.audit({ as_of: today, count: String(count), ...Object.fromEntries(REMINDER_KINDS.map((k) => [k, String(result.queued[k])])) }, now);
  return result;
}

/**
 * Why the applicant receives a reminder (it is transactional: no unsubscribe stops it), in their
 * language: the catalog's `mail.why.<reminder mail>` (issue 41).
 */
export const reminderReason = (kind: ReminderKind, institution: string, language: LanguageCode): string =>
  serverText(language, `mail.why.${REMINDER_MAIL[kind]}`, { institution });

export type ReminderDelivered = 'sent' | 'done' | 'gone' | 'failed' | 'suppressed';

/**
 * One reminder's delivery (a queue message `{mailing: <occasion>, application}`): as a mailing's
 * (messages/sending.ts deliverOne), the row claimed once, the mail, the applicant's copy, the
 * row's end. Throws when the provider refused and the attempt may be retried.
 */
export async function deliverReminder(ports: ReminderDeliveryPorts, occasion: string, application: string): Promise<ReminderDelivered> {
  const kind = kindOf(occasion);
  if (!kind) return 'gone';
  const now = ports.now();
  const row = await ports.ledger.readRow(occasion, application);
  if (!row) return 'gone';
  if (row.state !== 'queued') return 'done';
  if (!(await ports.ledger.claimRow(occasion, application, now))) return 'done';
  // A row queued before rows had a language (or an account that never chose): the institution's.
  const language = languageOr(row.language);
  // The institution's name and signature as its file gives them in the reminder's language.
  const name = institutionWordsIn(language, ports.institution.name);
  const values: MailValues = {
    institution: name,
    help_email: ports.institution.helpEmail,
    status_link: new URL(COMPLETION_PATH, ports.origin).href,
    ...row.values,
  };
  const mail = REMINDER_MAIL[kind];
  const signature = `${institutionWordsIn(language, ports.institution.signature)}\n\n${reminderReason(kind, name, language)}`;
  const { subject, text } = composeText(MAILS[mail], ports.words(mail, language), values, signature);
  // A reminder is transactional: an unsubscribe does not stop it, a hard bounce or a complaint does.
  // The applicant's copy is kept either way: it concerns their application, and their Messages page is where they read it.
  const entry = await ports.suppressions.readSuppression(row.email);
  if (entry && stopsProductMail(entry.reason)) {
    await ports.messages.putMessage(application, { id: occasion, mailing: occasion, subject, text, sent_at: ports.now().toISOString() });
    await ports.ledger.finishRow(occasion, application, { state: 'suppressed', reason: SUPPRESSION_TEXT.skipped(entry.reason) }, ports.now());
    return 'suppressed';
  }
  let messageId: string;
  try {
    messageId = await ports.sendMail({ to: row.email, subject, text, link: values.status_link, language });
  } catch (error) {
    const reason = `The mail service refused it: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    if (row.attempts + 1 >= MAX_ATTEMPTS) {
      await ports.ledger.finishRow(occasion, application, { state: 'failed', reason }, now);
      return 'failed';
    }
    await ports.ledger.requeueRow(occasion, application, reason, now);
    throw error;
  }
  await ports.messages.putMessage(application, { id: occasion, mailing: occasion, subject, text, sent_at: ports.now().toISOString() });
  await ports.ledger.finishRow(occasion, application, { state: 'sent', messageId }, ports.now());
  return 'sent';
}
