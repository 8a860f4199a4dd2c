/**
 * The access record in words: what a member of staff did, as the office reads it ("Issued a
 * temporary link (14 days) with: first name, last name, entry term, intended major"), naming an
 * application by its reference and the applicant's name rather than an internal id. The words
 * are the routes' (each route's contract declares the actions it records and how the record says
 * them: form/wire/staff-endpoints.ts, form/wire/audit.ts); this module knows how each value they
 * name is said, from the record and from what only the server has (the institution's options,
 * the questions' labels).
 */
import { isLabelKey } from '#form/contract';
import { institution } from '#form/institution';
import { timetable } from '#form/institution-cycles';
import { questionFor } from '#form/model';
import { roundsOf } from '#form/office-cycle';
import { isOfficeWordSection, OFFICE_WORD_SECTION_LABELS } from '#form/office-words';
import { statesAndProvinces } from '#form/options';
import { printLabelOf } from '#form/print';
import { cycleById } from '#form/timetable';
import { AUDIT_WORDS } from '#form/wire/audit';
import type { AuditValue, AuditWords } from '#form/wire/audit-words';
import { replyMadeInWords } from '#form/wire/decision-words';
import { DECISION_LABELS, isDecision, isOfficeReply } from '#form/wire/decision-words';
import type { ApplicationName, AuditRecord } from '../ports/audit';

/** An application as the record names it: "the application Y7J347YY (Ada Lovelace)", or by id when it is gone. */
export function applicationInWords(id: string | undefined, named: ApplicationName | undefined): string {
  if (named) {
    const parts = [named.reference, named.name ? `(${named.name})` : ''].filter(Boolean);
    if (parts.length) return `the application ${parts.join(' ')}`;
  }
  return id ? `an application no longer on file (id ${id})` : 'an application';
}

/** An answer key as a person says it: the question's printed label, lower case ("entry term"). */
export function answerKeyInWords(key: string): string {
  const question = questionFor(key);
  const label = question ? printLabelOf(question) : key.replace(/_/g, ' ');
  return label.replace(/[?:]+$/, '').toLowerCase();
}

/** The prepared answers' keys in words, each question once (its `_desc` label is the same answer). */
export function preparedKeysInWords(keys: string): string {
  const words = keys
    .split(/[\s,]+/)
    .filter((k) => k && !isLabelKey(k))
    .map(answerKeyInWords);
  return [...new Set(words)].join(', ');
}

const optionLabel = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** A list's or an export's filters: "cycle 2026–27, round Early Action, late only, entry term Fall 2027, major Biology, search “ada”"; none, undefined. */
function filtersInWords(detail: Readonly<Record<string, string>> | undefined, at: Date): string | undefined {
  const parts: string[] = [];
  if (detail?.cycle) parts.push(`cycle ${cycleById(timetable.cycles, detail.cycle)?.label ?? detail.cycle}`);
  if (detail?.round) parts.push(`round ${roundsOf(timetable, detail.cycle).find((r) => r.id === detail.round)?.label ?? detail.round}`);
  if (detail?.late) parts.push(detail.late === 'true' ? 'late only' : 'on time only');
  if (detail?.complete) parts.push(detail.complete === 'true' ? 'complete only' : 'incomplete only');
  if (detail?.duplicate) parts.push('possible duplicates only');
  if (detail?.term) parts.push(`entry term ${optionLabel(institution.entryTermsOn(at), detail.term)}`);
  if (detail?.major) parts.push(`major ${optionLabel(institution.majors, detail.major)}`);
  if (detail?.q) parts.push(`search “${detail.q}”`);
  if (detail?.decision) parts.push(`decision ${decisionInWords(detail.decision)}`);
  if (detail?.reply) parts.push(`reply ${isOfficeReply(detail.reply) ? replyMadeInWords(detail.reply) : detail.reply}`);
  if (detail?.school) parts.push(`high school ${detail.school}`);
  if (detail?.state) parts.push(`state ${optionLabel(statesAndProvinces, detail.state)}`);
  if (detail?.sort) parts.push(`sorted by ${detail.sort}${detail.order ? ` (${detail.order === 'asc' ? 'ascending' : 'descending'})` : ''}`);
  return parts.length ? parts.join(', ') : undefined;
}

/** An office-wide view's filters: "staff member ada@example.edu, action read, from 2026-09-01 to 2026-09-07"; none, undefined. */
function trailFiltersInWords(detail: Readonly<Record<string, string>> | undefined): string | undefined {
  const parts: string[] = [];
  if (detail?.staff) parts.push(`staff member ${detail.staff}`);
  if (detail?.action) parts.push(`action ${detail.action}`);
  if (detail?.from && detail.to) parts.push(`from ${detail.from} to ${detail.to}`);
  else if (detail?.from) parts.push(`from ${detail.from}`);
  else if (detail?.to) parts.push(`up to ${detail.to}`);
  return parts.length ? parts.join(', ') : undefined;
}

function days(value: string | undefined): string | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? `${n} ${n === 1 ? 'day' : 'days'}` : undefined;
}

function recipientInWords(detail: Readonly<Record<string, string>> | undefined): string | undefined {
  const name = detail?.recipient_name;
  const email = detail?.recipient_email;
  if (name && email) return `${name} (${email})`;
  return (name ?? email) || undefined;
}

/** A decision or recommendation as the office says it ("Admit"), or as stored when it is none. */
const decisionInWords = (value: string | undefined): string => (isDecision(value) ? DECISION_LABELS[value] : (value ?? ''));

/** A checklist item by its label, lower case ("high school transcript"), or its id when the checklist no longer has it. */
function materialInWords(item: string | undefined): string | undefined {
  if (!item) return undefined;
  return institution.afterSubmission.checklist.find((i) => i.id === item)?.label.toLowerCase() ?? item;
}

/** A detail that is there and not empty. */
const given = (value: string | undefined): string | undefined => value || undefined;

/** A whole number of this record's detail, when it is one. */
function whole(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isInteger(n) ? n : undefined;
}

type Value = (record: AuditRecord, application: ApplicationName | undefined) => string | undefined;

/** How each value the words name is said, from a record (undefined: the record does not have it). */
const VALUES: Record<AuditValue, Value> = {
  application: (r, app) => {
    const id = applicationOf(r);
    return id ? applicationInWords(id, app) : undefined;
  },
  filters: (r) => filtersInWords(r.detail, new Date(r.at)),
  document: (r) => (r.detail?.document === 'application_pdf' || !r.detail?.document ? 'PDF' : answerKeyInWords(r.detail.document)),
  days: (r) => days(r.detail?.expires_in_days),
  keys: (r) => given(preparedKeysInWords(r.detail?.keys ?? '')),
  recipient: (r) => recipientInWords(r.detail),
  issuedBy: (r) => given(r.detail?.issued_by),
  email: (r) => r.detail?.email,
  role: (r) => r.detail?.role,
  previousRole: (r) => given(r.detail?.previous_role),
  recommendation: (r) => (r.detail?.recommendation ? decisionInWords(r.detail.recommendation) : undefined),
  // Absent from a record shown to a reader (decisions/visibility.ts): its words then say that a decision was recorded, not which.
  decision: (r) => (r.detail?.decision ? decisionInWords(r.detail.decision) : undefined),
  previous: (r) => (r.detail?.previous ? decisionInWords(r.detail.previous) : undefined),
  reason: (r) => given(r.detail?.reason),
  bulk: (r) => {
    const n = whole(r.detail?.bulk);
    return n !== undefined && n > 1 ? String(n) : undefined;
  },
  count: (r) => {
    const n = whole(r.detail?.count);
    return n === undefined ? 'several applications' : `${n} ${n === 1 ? 'application' : 'applications'}`;
  },
  scheduledAt: (r) => (r.detail?.at && r.detail.at !== 'now' ? r.detail.at : undefined),
  released: (r) => (r.detail?.ids ? `${r.detail.ids.split(' ').length} named application(s)` : 'every decided application'),
  release: (r) => given(r.detail?.release),
  reference: (r) => given(r.detail?.reference),
  trail: (r) => trailFiltersInWords(r.detail),
  filterSet: (r) => given(r.detail?.name),
  reminders: (r) => {
    const n = whole(r.detail?.count) ?? 0;
    const d = r.detail ?? {};
    return `${n} ${n === 1 ? 'reminder' : 'reminders'} (deadline ${d.deadline ?? 0}, missing materials ${d.materials ?? 0}, reply ${d.reply ?? 0}) as of ${d.as_of ?? 'today'}`;
  },
  mailing: (r) => (r.detail?.subject ? `“${r.detail.subject}”` : given(r.detail?.mailing)),
  setting: (r) => (isOfficeWordSection(r.detail?.section) ? OFFICE_WORD_SECTION_LABELS[r.detail.section] : given(r.detail?.section)),
  version: (r) => given(r.detail?.version),
  material: (r) => materialInWords(r.detail?.item),
  readers: (r) => given(r.detail?.readers),
  day: (r) => given(r.detail?.received_at),
  other: (r) => given(r.detail?.other),
  client: (r) => given(r.detail?.name),
  scopes: (r) => given(r.detail?.scopes),
  expires: (r) => given(r.detail?.expires),
  revertedFrom: (r) => (r.detail?.revertedFrom === '0' ? '0 (the configuration file’s words)' : given(r.detail?.revertedFrom)),
};

/** `{value}`, or an optional part `[…]` (said only when all its values are known). */
const PART = /\[([^\]]*)\]|\{(\w+)\}/g;
const VALUE = /\{(\w+)\}/g;

/** A sentence with its values filled in, and whether every value outside its optional parts was known. One pass: a value's own text is never read as words. */
function say(sentence: string, valueOf: (name: AuditValue) => string | undefined): { text: string; complete: boolean } {
  let complete = true;
  const text = sentence.replace(PART, (_part, optional: string | undefined, name: string | undefined) => {
    if (optional === undefined) {
      const value = valueOf(name as AuditValue);
      if (value === undefined) complete = false;
      return value ?? '';
    }
    let known = true;
    const filled = optional.replace(VALUE, (_v, inner: string) => {
      const value = valueOf(inner as AuditValue);
      if (value === undefined) known = false;
      return value ?? '';
    });
    return known ? filled : '';
  });
  return { text: text.trimEnd(), complete };
}

/**
 * A record in the words declared for its action: the first sentence whose `when` holds and whose
 * values are all known, else the last, with what is unknown left out.
 */
export function recordInWords(words: AuditWords, record: AuditRecord, application?: ApplicationName): string {
  const valueOf = (name: AuditValue) => VALUES[name](record, application);
  const sentences = typeof words === 'string' ? [words] : words;
  for (const sentence of sentences) {
    const { when, words: text } = typeof sentence === 'string' ? { when: {}, words: sentence } : sentence;
    if (!Object.entries(when).every(([key, value]) => record.detail?.[key] === value)) continue;
    const said = say(text, valueOf);
    if (said.complete) return said.text;
  }
  const last = sentences[sentences.length - 1]!;
  return say(typeof last === 'string' ? last : last.words, valueOf).text;
}

/** The record in words; `application` names the application the record concerns, when it exists. */
export function accessInWords(record: AuditRecord, application?: ApplicationName): string {
  const words = (AUDIT_WORDS as Partial<Record<string, AuditWords>>)[record.action];
  return words ? recordInWords(words, record, application) : `Did “${record.action}”`;
}

/** The application a record concerns: the one read, or the one whose access record was viewed. */
export const applicationOf = (record: AuditRecord): string | undefined => record.application ?? record.detail?.application;
