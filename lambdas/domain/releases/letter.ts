/**
 * The decision letter: the institution's template for the released decision (configuration:
 * `decisions.letters`), its placeholders filled with the applicant's first name, entry term and
 * major (their labels), the offer's reply-by date in words (reply-by.ts) and the institution's
 * name. Once the applicant has replied, the paragraphs that ask for the reply (those naming
 * `{reply_by}`) give way to the reply made and its day. The same words are shown on the status
 * page and printed into the letter's PDF.
 */
import { dayStartIn, nextDay } from '#form/calendar';
import type { LanguageCode } from '#form/i18n/languages';
import { termLabel } from '#form/institution';
import { localizedIn, OTHER_LANGUAGES, type TextTable } from '#form/institution-text';
import { fillTemplate, letterParagraphs } from '#form/office-words';
import type { DecisionLetterTemplate, LetterSignature } from '#form/types';
import { expiredInWords, replyDone } from '#form/wire/decision-words';
import type { Decision } from '#form/wire/decision-words';
import { escapeHtml } from '../documents/html';
import type { Answers } from '../ports/answers';
import type { DecisionRecord } from '../ports/decisions';
import type { SubmittedPlacement } from '../ports/submissions';
import { offerReplyBy, type ReplyBySettings } from './reply-by';

export interface LetterSettings extends ReplyBySettings {
  institution: string;
  majors: readonly { value: string; label: string }[];
  letters: Readonly<Record<Decision, DecisionLetterTemplate>>;
  /** The institution's clock: a reply-by day ends at its midnight there. */
  timeZone: string;
  /**
   * The file's texts in the other languages, by their English words (form/institution-text.ts):
   * a letter whose template the file gives in a language is filled in it as well. A letter the
   * office edited in Settings is not in them (single-language, as the office wrote it).
   */
  translations?: Readonly<Partial<Record<LanguageCode, TextTable>>>;
}

export interface FilledLetter {
  title: string;
  paragraphs: string[];
}

/** The letter in the institution's language, and in each other language its template is written in. */
export interface FilledLetters extends FilledLetter {
  in?: Partial<Record<LanguageCode, FilledLetter>>;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `2027-05-01` → `May 1, 2027` (a calendar day: no time zone moves it); in Spanish `1 de mayo de 2027`. */
export function calendarDayInWords(day: string, language: LanguageCode = 'en'): string {
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T12:00:00Z`))) return day;
  return new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** What the placeholders stand for, from the submitted answers (labels, never codes). */
export function letterValues(answers: Answers, settings: LetterSettings, placement?: SubmittedPlacement): Record<string, string> {
  const text = (key: string) => (typeof answers[key] === 'string' ? answers[key].trim() : '');
  const termCode = text('entry_term');
  const majorCode = text('applied_major');
  const replyBy = offerReplyBy(settings, answers, placement);
  return {
    first_name: text('first_name') || 'applicant',
    entry_term: text('entry_term_desc') || termLabel(termCode) || termCode || 'the coming term',
    major: text('applied_major_desc') || settings.majors.find((m) => m.value === majorCode)?.label || majorCode || 'your chosen program',
    reply_by: replyBy ? calendarDayInWords(replyBy) : 'the date we have given you',
    institution: settings.institution,
  };
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone`. */
export function calendarDayIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/**
 * The letter of a decision; a blank line in the template starts a new paragraph. With the
 * applicant's reply, a paragraph that asks for it (names `{reply_by}`) is left out and the reply
 * made, with its day, ends the letter.
 */
export function decisionLetter(
  decision: Decision,
  answers: Answers,
  settings: LetterSettings,
  reply?: DecisionRecord['reply'],
  placement?: SubmittedPlacement,
): FilledLetters {
  const template = settings.letters[decision];
  const values = letterValues(answers, settings, placement);
  const paragraphs = letterParagraphs(template.text, values, Boolean(reply));
  if (reply) paragraphs.push(replySentence(decision, reply, settings.timeZone));
  const letter = { title: fillTemplate(template.title, values), paragraphs };
  const translated = Object.fromEntries(
    OTHER_LANGUAGES.flatMap((language) => {
      const filled = letterIn(language, template, answers, settings, reply, placement);
      return filled ? [[language, filled]] : [];
    }),
  );
  return Object.keys(translated).length > 0 ? { ...letter, in: translated } : letter;
}

/**
 * The letter in `language`, when the file writes its template in it: the values in that language
 * too (the term's and major's labels, the institution's name where the file gives them, the day
 * through Intl). Without the reply's sentence: the status page says the reply made in its own words.
 */
function letterIn(
  language: LanguageCode,
  template: DecisionLetterTemplate,
  answers: Answers,
  settings: LetterSettings,
  reply?: DecisionRecord['reply'],
  placement?: SubmittedPlacement,
): FilledLetter | undefined {
  const table = settings.translations?.[language];
  const text = table?.[template.text];
  if (!table || text === undefined) return undefined;
  const english = letterValues(answers, settings, placement);
  const replyBy = offerReplyBy(settings, answers, placement);
  const values = {
    ...english,
    entry_term: localizedIn(table, english.entry_term!),
    major: localizedIn(table, english.major!),
    institution: localizedIn(table, english.institution!),
    ...(replyBy ? { reply_by: calendarDayInWords(replyBy, language) } : {}),
  };
  return { title: fillTemplate(localizedIn(table, template.title), values), paragraphs: letterParagraphs(text, values, Boolean(reply)) };
}

/** The sentence that ends an answered letter: the reply made and its day, or the offer's expiry. */
export function replySentence(decision: Decision, reply: NonNullable<DecisionRecord['reply']>, timeZone: string): string {
  const day = calendarDayInWords(calendarDayIn(reply.at, timeZone));
  return reply.expired
    ? `${expiredInWords(decision)} on ${day}: no reply was received by its reply-by date.`
    : `${replyDone(decision, reply.choice)} on ${day}.`;
}

/** The letterhead and the signature block: the institution's configuration. */
export interface LetterFrame {
  institution: string;
  address: readonly string[];
  date: string;
  /** The logo as a data: URL (the page is printed with no network). */
  logo?: string;
  signature?: LetterSignature;
}

/** The letter as a self-contained page for the renderer to print (no script, no outside resource: the logo is inlined). */
export function letterHtml(letter: FilledLetter, heading: LetterFrame): string {
  const paragraphs = letter.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const address = heading.address.map((line) => escapeHtml(line)).join('<br>');
  const logo = heading.logo?.startsWith('data:image/') ? `<img class="logo" src="${escapeHtml(heading.logo)}" alt="">` : '';
  const signature = heading.signature
    ? `<div class="signature"><p>${escapeHtml(heading.signature.closing)}</p><p class="signer">${escapeHtml(heading.signature.name)}<br>${escapeHtml(heading.signature.title)}<br>${escapeHtml(heading.institution)}</p></div>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(letter.title)}</title>
<style>
body { font-family: 'Open Sans', 'Noto Sans', sans-serif; font-size: 12pt; line-height: 1.5; color: #111; }
header { margin-bottom: 2em; display: flex; gap: 1em; align-items: center; }
header .logo { height: 0.9in; width: auto; max-width: 2.5in; }
header .name { font-size: 16pt; font-weight: 700; }
.signature { margin-top: 2em; break-inside: avoid; }
.signer { margin-top: 2.5em; }
.date { margin-bottom: 1.5em; }
h1 { font-size: 15pt; margin: 0 0 1em; }
p { margin: 0 0 1em; }
</style></head>
<body>
<header>${logo}<div><div class="name">${escapeHtml(heading.institution)}</div><div>${address}</div></div></header>
<div class="date">${escapeHtml(heading.date)}</div>
<h1>${escapeHtml(letter.title)}</h1>
${paragraphs}
${signature}
</body></html>`;
}

/**
 * The moment a reply is no longer accepted: the start of the day after `replyBy` in `timeZone`
 * (a reply on the last day counts until its midnight there).
 */
export function replyDeadline(replyBy: string, timeZone: string): Date {
  if (!DAY.test(replyBy)) throw new Error(`not a date (YYYY-MM-DD): ${replyBy}`);
  return dayStartIn(nextDay(replyBy), timeZone);
}
