/**
 * The words the office edits in the console's Settings without a deploy (issue 36, item 5), and
 * the one home of their rules: the configuration's checker (config/checks.ts) applies the same
 * functions to the file's values, and the Settings route to an edit, so a letter's unknown
 * placeholder or an announcement's `until` before its `from` is refused alike, in the same words.
 * Sections: announcements, the four decision letters, promises, the welcome panel after
 * submitting, what happens next, and the e-mails (the subject and body of each e-mail the product
 * sends, with the placeholders each allows: mail-words.ts; their sender name and signature stay
 * the file's `mail`). An e-mail never edited reads as the product words it (mail-words.ts's
 * templates), since the file has no e-mail wording of its own.
 *
 * Pure and free of the installed institution (the checker runs before any file is installed); the
 * console imports it for its preview, the server for its checks, so a preview is what will be saved.
 */
import {
  DEFAULT_EMAIL_WORDS,
  MAIL_KINDS,
  MAILING,
  MAILS,
  MAIL_PLACEHOLDERS,
  type EmailWords,
  type MailKind,
  type MailSpec,
  type MailWords,
} from './mail-words';
import type { ReminderDays } from './types';
import { DECISIONS, type Decision } from './wire/decision-words';

/** The sections of Settings, each saved and versioned on its own. */
export const OFFICE_WORD_SECTIONS = ['announcements', 'letters', 'promises', 'submitted', 'nextSteps', 'emails', 'reminders'] as const;
export type OfficeWordSection = (typeof OFFICE_WORD_SECTIONS)[number];

export const isOfficeWordSection = (value: unknown): value is OfficeWordSection =>
  typeof value === 'string' && (OFFICE_WORD_SECTIONS as readonly string[]).includes(value);

/** What each section is called on the Settings screen and in the access record. */
export const OFFICE_WORD_SECTION_LABELS: Record<OfficeWordSection, string> = {
  announcements: 'the announcements',
  letters: 'the decision letters',
  promises: 'the welcome page’s promises',
  submitted: 'the welcome page’s words to a submitted applicant',
  nextSteps: 'what happens next',
  emails: 'the e-mails',
  reminders: 'the reminders’ days',
};

/** An announcement as the file writes it: shown from `from` (inclusive) until `until` (exclusive). */
export interface AnnouncementWords {
  id: string;
  text: string;
  /** YYYY-MM-DD, or MM-DD every year. */
  from: string;
  until: string;
  urgent: boolean;
}

export interface LetterWords {
  title: string;
  text: string;
}

export interface OfficeWords {
  announcements: readonly AnnouncementWords[];
  letters: Readonly<Record<Decision, LetterWords>>;
  promises: string;
  submitted: string;
  nextSteps: string;
  emails: EmailWords;
  /** Each reminder's N days (the file's `mail.reminders`); a kind left out is not sent (issue 40, item 4). */
  reminders: ReminderDays;
}

/** A problem with its place (the file's path, or the edit's), what is wrong and what to write instead. */
export interface WordFinding {
  at: readonly (string | number)[];
  message: string;
  fix: string;
}

/** The placeholders a letter may use (lambdas/domain/releases/letter.ts fills them). */
export const LETTER_PLACEHOLDERS = ['first_name', 'entry_term', 'major', 'reply_by', 'institution'] as const;

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether MM-DD names a day of some year (29 February included). */
export const monthDayExists = (md: string): boolean => {
  if (!/^\d{2}-\d{2}$/.test(md)) return false;
  const [m, d] = md.split('-').map(Number) as [number, number];
  return m >= 1 && m <= 12 && d >= 1 && d <= DAYS_IN_MONTH[m - 1]!;
};
/** Whether YYYY-MM-DD names a real day. */
export const dayExists = (day: string): boolean => {
  const at = new Date(`${day}T12:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
};

/** The closest of `known` to `word` (a likely typo), if any is close. */
export function closest(word: string, known: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const current = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = current;
      }
    }
    return row[b.length]!;
  };
  const best = known.map((k) => ({ k, d: distance(word.toLowerCase(), k.toLowerCase()) })).sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(word.length / 3)) ? best.k : undefined;
}

type At = readonly (string | number)[];

/** Each placeholder of a letter's title and text known, each brace paired. */
export function letterFindings(letters: Readonly<Record<string, LetterWords>>, at: At): WordFinding[] {
  const findings: WordFinding[] = [];
  for (const [decision, letter] of Object.entries(letters)) {
    for (const field of ['title', 'text'] as const) {
      const text = letter[field];
      for (const [, name] of text.matchAll(/\{([^{}]*)\}/g)) {
        if ((LETTER_PLACEHOLDERS as readonly string[]).includes(name!)) continue;
        const near = closest(name!, LETTER_PLACEHOLDERS);
        findings.push({
          at: [...at, decision, field],
          message: `{${name}} is not a placeholder a letter knows.`,
          fix: `${near ? `Write {${near}}, or ` : 'Write '}one of ${LETTER_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`,
        });
      }
      if (/[{}]/.test(text.replace(/\{[^{}]*\}/g, '')))
        findings.push({ at: [...at, decision, field], message: 'has a brace without its pair.', fix: 'Close each placeholder: {first_name}.' });
    }
  }
  return findings;
}

/** Each announcement's window: real days, both of one kind, `until` after `from`; ids unique. */
export function announcementFindings(list: readonly AnnouncementWords[], at: At): WordFinding[] {
  const findings: WordFinding[] = [];
  const seen = new Map<string, number>();
  list.forEach((a, i) => {
    const first = seen.get(a.id);
    if (first === undefined) seen.set(a.id, i);
    else
      findings.push({
        at: [...at, i, 'id'],
        message: `Announcement "${a.id}" is used twice (also at item ${first + 1}).`,
        fix: 'Give each announcement its own code.',
      });
    const yearly = a.from.length === 5;
    if (yearly !== (a.until.length === 5)) {
      findings.push({
        at: [...at, i, 'until'],
        message: `mixes an every-year date (MM-DD) with a dated one (YYYY-MM-DD): from ${a.from}, until ${a.until}.`,
        fix: 'Write both as MM-DD, or both as YYYY-MM-DD.',
      });
      return;
    }
    let real = true;
    for (const field of ['from', 'until'] as const) {
      if (yearly ? monthDayExists(a[field]) : dayExists(a[field])) continue;
      real = false;
      findings.push({
        at: [...at, i, field],
        message: `${a[field]} is not a day of the calendar.`,
        fix: yearly ? 'Write a real day as MM-DD.' : 'Write a real day as YYYY-MM-DD.',
      });
    }
    if (!real) return;
    if (!yearly && a.until <= a.from)
      findings.push({
        at: [...at, i, 'until'],
        message: `${a.until} is not after from (${a.from}): the announcement would never show.`,
        fix: `Write a day after ${a.from}.`,
      });
    if (yearly && a.until === a.from)
      findings.push({
        at: [...at, i, 'until'],
        message: 'is the same day as from: the announcement would never show.',
        fix: 'Write the first day it no longer shows.',
      });
  });
  return findings;
}

/** What the schema's `text` says: words, not only spaces. */
const isText = (value: unknown): value is string => typeof value === 'string' && /\S/.test(value);

const MAX_TEXT = 20_000;
/** The most announcements Settings keeps. */
export const MAX_ANNOUNCEMENTS = 20;
const ID = /^[a-z0-9][a-z0-9-]*$/;
const DAY_OR_YEARLY = /^(\d{4}-)?\d{2}-\d{2}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function textFindings(value: unknown, at: At, what: string): WordFinding[] {
  if (!isText(value)) return [{ at, message: `${what} is empty.`, fix: `Write ${what.toLowerCase()}.` }];
  if (value.length > MAX_TEXT) return [{ at, message: `${what} is longer than ${MAX_TEXT} characters.`, fix: 'Write it shorter.' }];
  return [];
}

function announcementShape(raw: unknown, i: number): { value?: AnnouncementWords; findings: WordFinding[] } {
  const at = [i];
  if (!isRecord(raw)) return { findings: [{ at, message: 'is not an announcement.', fix: 'Give each announcement an id, text, from, until and urgent.' }] };
  const findings: WordFinding[] = [];
  const { id, text, from, until, urgent } = raw;
  if (typeof id !== 'string' || !ID.test(id))
    findings.push({ at: [...at, 'id'], message: 'has no name the list can keep it by.', fix: 'Write lower-case letters, digits and hyphens: jan-15.' });
  findings.push(...textFindings(text, [...at, 'text'], 'The announcement’s text'));
  for (const [field, day] of [
    ['from', from],
    ['until', until],
  ] as const)
    if (typeof day !== 'string' || !DAY_OR_YEARLY.test(day))
      findings.push({ at: [...at, field], message: `${field} is not a day.`, fix: 'Write YYYY-MM-DD, or MM-DD for every year.' });
  if (typeof urgent !== 'boolean') findings.push({ at: [...at, 'urgent'], message: 'does not say whether it is urgent.', fix: 'Say true or false.' });
  if (findings.length > 0) return { findings };
  return { value: { id: id as string, text: (text as string).trim(), from: from as string, until: until as string, urgent: urgent as boolean }, findings };
}

function letterShape(raw: unknown, decision: Decision): { value?: LetterWords; findings: WordFinding[] } {
  if (!isRecord(raw)) return { findings: [{ at: [decision], message: 'is missing.', fix: 'Give the letter a title and a text.' }] };
  const findings = [...textFindings(raw.title, [decision, 'title'], 'The letter’s title'), ...textFindings(raw.text, [decision, 'text'], 'The letter')];
  return findings.length > 0 ? { findings } : { value: { title: (raw.title as string).trim(), text: (raw.text as string).trim() }, findings };
}

/** The longest subject template: a mail client shows about this much before it cuts a subject short. */
export const MAX_SUBJECT = 150;

const placeholderList = (names: readonly string[]) => names.map((p) => `{${p}}`).join(', ');

/**
 * One e-mail's placeholders: each known to that e-mail, in the subject only its few (nothing
 * typed by a person reaches a subject, #42), each brace paired, and in the body those the
 * e-mail is of no use without (the link it exists to carry).
 */
export function mailFindings(kind: MailKind, words: MailWords, at: At): WordFinding[] {
  return specFindings(MAILS[kind], words, [...at, kind]);
}

/** The same checks of any e-mail's spec (mail-words.ts: one of MAILS, or a MAILING), each finding at `at` and its field. */
export function specFindings(spec: MailSpec, words: MailWords, at: At): WordFinding[] {
  const findings: WordFinding[] = [];
  for (const field of ['subject', 'body'] as const) {
    const text = words[field];
    const place = [...at, field];
    const allowed: readonly string[] = field === 'subject' ? spec.subjectPlaceholders : spec.placeholders;
    for (const [, name] of text.matchAll(/\{([^{}]*)\}/g)) {
      if (allowed.includes(name!)) continue;
      if (field === 'subject' && (spec.placeholders as readonly string[]).includes(name!)) {
        findings.push({
          at: place,
          message: `{${name}} cannot go in the subject: what a recipient sees before opening the e-mail is the office’s words alone.`,
          fix: `Write it in the body; the subject may use ${placeholderList(allowed)}.`,
        });
        continue;
      }
      const near = closest(name!, allowed);
      findings.push({
        at: place,
        message: `{${name}} is not a placeholder this e-mail knows.`,
        fix: `${near ? `Write {${near}}, or ` : 'Write '}one of ${placeholderList(allowed)}.`,
      });
    }
    if (/[{}]/.test(text.replace(/\{[^{}]*\}/g, '')))
      findings.push({ at: place, message: 'has a brace without its pair.', fix: `Close each placeholder: {${spec.placeholders[0]}}.` });
  }
  for (const name of spec.required)
    if (!words.body.includes(`{${name}}`))
      findings.push({
        at: [...at, 'body'],
        message: `has no {${name}}: the e-mail is of no use without ${MAIL_PLACEHOLDERS[name]}.`,
        fix: `Put {${name}} back where the reader needs it.`,
      });
  return findings;
}

function subjectFindings(value: unknown, at: At): WordFinding[] {
  const empty = textFindings(value, at, 'The subject');
  if (empty.length > 0) return empty;
  const subject = value as string;
  if (/[\r\n]/.test(subject.trim())) return [{ at, message: 'The subject has a line break.', fix: 'Write the subject on one line.' }];
  if (subject.trim().length > MAX_SUBJECT) return [{ at, message: `The subject is longer than ${MAX_SUBJECT} characters.`, fix: 'Write it shorter.' }];
  return [];
}

/**
 * A mailing's words (issue 40) checked as an e-mail of Settings is: a subject on one line and not
 * empty, a body, each placeholder one a mailing knows (in the subject only the office's own), each
 * brace paired. Each finding in words: "Subject: {first_name} cannot go in the subject: …".
 */
export function mailingFindings(words: MailWords): string[] {
  const findings = [...subjectFindings(words.subject, ['subject']), ...textFindings(words.body, ['body'], 'The body')];
  if (findings.length === 0) findings.push(...specFindings(MAILING, words, []));
  return findings.map((f) => `${f.at[0] === 'subject' ? 'Subject' : 'Body'}: ${f.message} ${f.fix}`);
}

function mailShape(raw: unknown, kind: MailKind): { value?: MailWords; findings: WordFinding[] } {
  if (!isRecord(raw)) return { findings: [{ at: [kind], message: 'is missing.', fix: 'Give the e-mail a subject and a body.' }] };
  const findings = [...subjectFindings(raw.subject, [kind, 'subject']), ...textFindings(raw.body, [kind, 'body'], 'The body')];
  if (findings.length > 0) return { findings };
  // A text area sends \r\n on some systems; the e-mails are written with \n.
  return { value: { subject: (raw.subject as string).trim(), body: (raw.body as string).replace(/\r\n?/g, '\n').trim() }, findings };
}

function emailsCheck(raw: unknown): { ok: true; value: EmailWords } | { ok: false; findings: WordFinding[] } {
  if (!isRecord(raw)) return { ok: false, findings: [{ at: [], message: 'The e-mails are missing.', fix: `Send the ${MAIL_KINDS.length} e-mails.` }] };
  const unknown = Object.keys(raw).filter((k) => !(MAIL_KINDS as readonly string[]).includes(k));
  if (unknown.length > 0)
    return {
      ok: false,
      findings: [{ at: [], message: `${unknown[0]} is not an e-mail the product sends.`, fix: `Write the e-mails ${MAIL_KINDS.join(', ')}.` }],
    };
  const checked = MAIL_KINDS.map((k) => [k, mailShape(raw[k], k)] as const);
  const shape = checked.flatMap(([, c]) => c.findings);
  if (shape.length > 0) return { ok: false, findings: shape };
  const emails = Object.fromEntries(checked.map(([k, c]) => [k, c.value!])) as Record<MailKind, MailWords>;
  const rules = MAIL_KINDS.flatMap((k) => mailFindings(k, emails[k], []));
  return rules.length > 0 ? { ok: false, findings: rules } : { ok: true, value: emails };
}

/**
 * A saved version's value as today's rules read it: e-mails saved before the product wrote one of
 * them (the password reset joined later) say that one in the product's words, rather than fail the
 * checks and take every other edited e-mail back to the file's. An edit sent now names them all.
 */
export function storedSectionValue(section: OfficeWordSection, value: unknown): unknown {
  return section === 'emails' && isRecord(value) ? { ...DEFAULT_EMAIL_WORDS, ...value } : value;
}

export type SectionCheck<S extends OfficeWordSection> = { ok: true; value: OfficeWords[S] } | { ok: false; findings: WordFinding[] };

/**
 * An edit of one section checked as the file's value would be: its shape (what the schema says),
 * then the rules above. The value it answers is what is saved (texts trimmed).
 */
export function checkSection<S extends OfficeWordSection>(section: S, raw: unknown): SectionCheck<S> {
  const ok = (value: OfficeWords[OfficeWordSection]): SectionCheck<S> => ({ ok: true, value: value as OfficeWords[S] });
  const refused = (findings: WordFinding[]): SectionCheck<S> => ({ ok: false, findings });
  switch (section) {
    case 'announcements': {
      if (!Array.isArray(raw)) return refused([{ at: [], message: 'The announcements are not a list.', fix: 'Send a list of announcements.' }]);
      if (raw.length > MAX_ANNOUNCEMENTS)
        return refused([{ at: [], message: `There are more than ${MAX_ANNOUNCEMENTS} announcements.`, fix: 'Remove the announcements that are over.' }]);
      const checked = raw.map(announcementShape);
      const shape = checked.flatMap((c) => c.findings);
      if (shape.length > 0) return refused(shape);
      const list = checked.map((c) => c.value!);
      const rules = announcementFindings(list, []);
      return rules.length > 0 ? refused(rules) : ok(list);
    }
    case 'letters': {
      if (!isRecord(raw)) return refused([{ at: [], message: 'The letters are missing.', fix: 'Send the four letters.' }]);
      const unknown = Object.keys(raw).filter((k) => !(DECISIONS as readonly string[]).includes(k));
      if (unknown.length > 0)
        return refused([{ at: [unknown[0]!], message: `${unknown[0]} is not a decision.`, fix: `Write the letters of ${DECISIONS.join(', ')}.` }]);
      const checked = DECISIONS.map((d) => [d, letterShape(raw[d], d)] as const);
      const shape = checked.flatMap(([, c]) => c.findings);
      if (shape.length > 0) return refused(shape);
      const letters = Object.fromEntries(checked.map(([d, c]) => [d, c.value!])) as Record<Decision, LetterWords>;
      const rules = letterFindings(letters, []);
      return rules.length > 0 ? refused(rules) : ok(letters);
    }
    case 'emails': {
      const checked = emailsCheck(raw);
      return checked.ok ? ok(checked.value) : refused(checked.findings);
    }
    case 'reminders': {
      const checked = remindersCheck(raw);
      return checked.ok ? ok(checked.value) : refused(checked.findings);
    }
    default: {
      const findings = textFindings(raw, [], 'The text');
      return findings.length > 0 ? refused(findings) : ok((raw as string).trim());
    }
  }
}

/** The reminders, in the order Settings lists them, and what each N counts. */
export const REMINDER_SETTINGS = [
  { kind: 'deadline', label: 'Deadline reminder', counts: 'days before the round’s deadline, to applications in progress' },
  { kind: 'materials', label: 'Missing materials reminder', counts: 'days after the submission, to applications still awaiting a required material' },
  { kind: 'reply', label: 'Reply reminder', counts: 'days before the reply-by date, to admitted applicants who have not replied' },
] as const;
/** The most days a reminder may be set to: a year. */
const MAX_REMINDER_DAYS = 365;

/** Each reminder's days: a whole number from 1 to MAX_REMINDER_DAYS, or none (null or left out): that reminder is off. */
function remindersCheck(raw: unknown): { ok: true; value: ReminderDays } | { ok: false; findings: WordFinding[] } {
  const kinds = REMINDER_SETTINGS.map((r) => r.kind as string);
  if (!isRecord(raw)) return { ok: false, findings: [{ at: [], message: 'The reminders’ days are missing.', fix: `Send the days of ${kinds.join(', ')}.` }] };
  const unknown = Object.keys(raw).filter((k) => !kinds.includes(k));
  if (unknown.length > 0)
    return { ok: false, findings: [{ at: [], message: `${unknown[0]!.slice(0, 40)} is not a reminder.`, fix: `The reminders are ${kinds.join(', ')}.` }] };
  const value: Record<string, number> = {};
  const findings: WordFinding[] = [];
  for (const { kind, label } of REMINDER_SETTINGS) {
    const days = raw[kind];
    if (days === undefined || days === null) continue;
    if (typeof days === 'number' && Number.isInteger(days) && days >= 1 && days <= MAX_REMINDER_DAYS) value[kind] = days;
    else
      findings.push({
        at: [kind],
        message: `${label}: ${JSON.stringify(days).slice(0, 20)} is not a number of days from 1 to ${MAX_REMINDER_DAYS}.`,
        fix: 'Write a whole number of days, or leave it empty to send no such reminder.',
      });
  }
  return findings.length > 0 ? { ok: false, findings } : { ok: true, value };
}

/** What a letter's field is called in a refusal. */
const LETTER_FIELDS: Record<string, string> = { title: 'title', text: 'text' };

/**
 * A refusal in words, each problem with its place on the Settings screen: "Admit letter, text:
 * {frist_name} is not a placeholder a letter knows. Write {first_name}, or …".
 */
export function findingInWords(section: OfficeWordSection, finding: WordFinding): string {
  const [first, second] = finding.at;
  let place = '';
  if (section === 'letters' && typeof first === 'string')
    place = `${first.charAt(0).toUpperCase()}${first.slice(1)} letter${second ? `, ${LETTER_FIELDS[second] ?? second}` : ''}: `;
  else if (section === 'announcements' && typeof first === 'number') place = `Announcement ${first + 1}${second ? `, ${second}` : ''}: `;
  else if (section === 'emails' && typeof first === 'string') place = `${MAILS[first as MailKind]?.label ?? first} e-mail${second ? `, ${second}` : ''}: `;
  return `${place}${finding.message} ${finding.fix}`;
}

/**
 * The values a preview fills a letter with: a sample applicant of this institution (its first
 * entry term and major on offer, so the preview says nothing of another institution's), replying
 * within 30 days.
 */
export function sampleLetterValues(
  offered: { entryTerms: readonly { label: string }[]; majors: readonly { label: string }[]; name: string },
  now: Date,
): Record<string, string> {
  const replyBy = new Date(now.getTime() + 30 * 86_400_000);
  return {
    first_name: 'Ada',
    entry_term: offered.entryTerms[0]?.label ?? 'the next entry term',
    major: offered.majors[0]?.label ?? 'the major applied for',
    reply_by: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(replyBy),
    institution: offered.name,
  };
}

const PLACEHOLDER = /\{(first_name|entry_term|major|reply_by|institution)\}/g;

/** Fills one template: each placeholder once, in one pass (a value that looks like a placeholder stays as it is). */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
}

/**
 * A letter's paragraphs: a blank line in the template starts a new one, a single line break is a
 * space. `replied`: the paragraphs that ask for the reply (naming `{reply_by}`) are left out.
 */
export function letterParagraphs(text: string, values: Readonly<Record<string, string>>, replied = false): string[] {
  return text
    .split(/\n\s*\n/)
    .filter((p) => !replied || !p.includes('{reply_by}'))
    .map((p) =>
      fillTemplate(p, values)
        .replace(/\s*\n\s*/g, ' ')
        .trim(),
    )
    .filter(Boolean);
}
