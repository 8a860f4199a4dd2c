/**
 * The decision letter: the institution's template for the released decision (configuration:
 * `decisions.letters`), its placeholders filled with the applicant's first name, entry term and
 * major (their labels), the offer's reply-by date in words (reply-by.ts) and the institution's
 * name. Once the applicant has replied, the paragraphs that ask for the reply (those naming
 * `{reply_by}`) give way to the reply made and its day. The same words are shown on the status
 * page and printed into the letter's PDF.
 */
import { termLabel } from '#form/terms';
import type { DecisionLetterTemplate } from '#form/types';
import { replyDone } from '#form/wire/decision-words';
import type { Decision, ReplyChoice } from '#form/wire/decisions';
import { escapeHtml } from '../documents/html';
import type { Answers } from '../ports/answers';
import { offerReplyBy } from './reply-by';

export interface LetterSettings {
  institution: string;
  majors: readonly { value: string; label: string }[];
  letters: Readonly<Record<Decision, DecisionLetterTemplate>>;
  /**
   * YYYY-MM-DD: the configured last day a reply is accepted, on the institution's clock; absent: no
   * limit. An offer's own day may be earlier (reply-by.ts: never on or after its term's first day).
   */
  replyBy?: string;
  timeZone: string;
}

export interface FilledLetter {
  title: string;
  paragraphs: string[];
}

const PLACEHOLDER = /\{(first_name|entry_term|major|reply_by|institution)\}/g;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `2027-05-01` → `May 1, 2027` (a calendar day: no time zone moves it). */
export function calendarDayInWords(day: string): string {
  if (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T12:00:00Z`))) return day;
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T12:00:00Z`));
}

/** What the placeholders stand for, from the submitted answers (labels, never codes). */
export function letterValues(answers: Answers, settings: LetterSettings): Record<string, string> {
  const text = (key: string) => (typeof answers[key] === 'string' ? answers[key].trim() : '');
  const termCode = text('entry_term');
  const majorCode = text('applied_major');
  const replyBy = offerReplyBy(settings, answers);
  return {
    first_name: text('first_name') || 'applicant',
    entry_term: text('entry_term_desc') || termLabel(termCode) || termCode || 'the coming term',
    major: text('applied_major_desc') || settings.majors.find((m) => m.value === majorCode)?.label || majorCode || 'your chosen program',
    reply_by: replyBy ? calendarDayInWords(replyBy) : 'the date we have given you',
    institution: settings.institution,
  };
}

/** Fills one template: each placeholder once, in one pass (a value that looks like a placeholder stays as it is). */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
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
export function decisionLetter(decision: Decision, answers: Answers, settings: LetterSettings, reply?: { choice: ReplyChoice; at: string }): FilledLetter {
  const template = settings.letters[decision];
  const values = letterValues(answers, settings);
  const paragraphs = template.text
    .split(/\n\s*\n/)
    .filter((p) => !reply || !p.includes('{reply_by}'))
    .map((p) =>
      fillTemplate(p, values)
        .replace(/\s*\n\s*/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  if (reply) paragraphs.push(`${replyDone(decision, reply.choice)} on ${calendarDayInWords(calendarDayIn(reply.at, settings.timeZone))}.`);
  return { title: fillTemplate(template.title, values), paragraphs };
}

/** The letter as a self-contained page for the renderer to print (no script, no outside resource). */
export function letterHtml(letter: FilledLetter, heading: { institution: string; address: readonly string[]; date: string }): string {
  const paragraphs = letter.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const address = heading.address.map((line) => escapeHtml(line)).join('<br>');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(letter.title)}</title>
<style>
body { font-family: 'Open Sans', 'Noto Sans', sans-serif; font-size: 12pt; line-height: 1.5; color: #111; }
header { margin-bottom: 2em; }
header .name { font-size: 16pt; font-weight: 700; }
.date { margin-bottom: 1.5em; }
h1 { font-size: 15pt; margin: 0 0 1em; }
p { margin: 0 0 1em; }
</style></head>
<body>
<header><div class="name">${escapeHtml(heading.institution)}</div><div>${address}</div></header>
<div class="date">${escapeHtml(heading.date)}</div>
<h1>${escapeHtml(letter.title)}</h1>
${paragraphs}
</body></html>`;
}

/**
 * The moment a reply is no longer accepted: the start of the day after `replyBy` in `timeZone`
 * (a reply on the last day counts until its midnight there).
 */
export function replyDeadline(replyBy: string, timeZone: string): Date {
  if (!DAY.test(replyBy)) throw new Error(`not a date (YYYY-MM-DD): ${replyBy}`);
  const next = new Date(Date.parse(`${replyBy}T00:00:00Z`) + 86_400_000);
  // The zone's offset at that moment, read twice: a change of clocks near midnight settles on the second read.
  let instant = next.getTime();
  for (let i = 0; i < 2; i++) instant = next.getTime() - offsetMs(new Date(instant), timeZone);
  return new Date(instant);
}

/** How far the zone's wall clock is ahead of UTC at `at` (negative west of Greenwich). */
function offsetMs(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
