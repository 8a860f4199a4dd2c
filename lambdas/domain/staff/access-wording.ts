/**
 * The access record in words: what a member of staff did, as the office reads it ("Issued a
 * temporary link (14 days) with: first name, last name, entry term, intended major"), naming an
 * application by its reference and the applicant's name rather than an internal id. One wording
 * for every action kind (the record's table of wordings must cover each: the compiler checks it).
 */
import { institution } from '#form/institution';
import { questionFor } from '#form/model';
import { printLabelOf } from '#form/print';
import { DECISION_LABELS, isDecision } from '#form/wire/decisions';
import type { ApplicationName, AuditAction, AuditRecord } from '../ports/audit';

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
    .filter((k) => k && !k.endsWith('_desc'))
    .map(answerKeyInWords);
  return [...new Set(words)].join(', ');
}

const optionLabel = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** A list's or an export's filters: "filtered by entry term Fall 2027, major Biology, search “ada”". */
function filtersInWords(detail: Readonly<Record<string, string>> | undefined, at: Date): string {
  const parts: string[] = [];
  if (detail?.term) parts.push(`entry term ${optionLabel(institution.entryTermsOn(at), detail.term)}`);
  if (detail?.major) parts.push(`major ${optionLabel(institution.majors, detail.major)}`);
  if (detail?.q) parts.push(`search “${detail.q}”`);
  return parts.length ? ` filtered by ${parts.join(', ')}` : ' (all)';
}

function days(value: string | undefined): string {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? ` (${n} ${n === 1 ? 'day' : 'days'})` : '';
}

function recipientInWords(detail: Readonly<Record<string, string>> | undefined): string {
  const name = detail?.recipient_name;
  const email = detail?.recipient_email;
  if (name && email) return ` for ${name} (${email})`;
  const who = name ?? email;
  return who ? ` for ${who}` : '';
}

/** A decision or recommendation as the office says it ("Admit"), or as stored when it is none. */
const decisionInWords = (value: string | undefined): string => (isDecision(value) ? DECISION_LABELS[value] : (value ?? ''));

/** A record shown to a reader carries no decision (decisions/visibility.ts): it says that one was recorded, not which. */
function decisionRecordInWords(r: AuditRecord, app: ApplicationName | undefined): string {
  const of = applicationInWords(r.application, app);
  const decision = r.detail?.decision ? decisionInWords(r.detail.decision) : undefined;
  if (r.detail?.released_change === 'true') {
    if (!decision) return `Changed the released decision of ${of}`;
    return `Changed the released decision of ${of} from ${decisionInWords(r.detail.previous)} to ${decision}${r.detail.reason ? ` (reason: ${r.detail.reason})` : ''}`;
  }
  const bulk = Number(r.detail?.bulk);
  return `Recorded ${decision ? `the decision ${decision}` : 'a decision'} on ${of}${Number.isInteger(bulk) && bulk > 1 ? ` (one of ${bulk} decided together)` : ''}`;
}

type Wording = (record: AuditRecord, application: ApplicationName | undefined) => string;

const WORDINGS: Record<AuditAction, Wording> = {
  list: (r) => `Listed the submitted applications${filtersInWords(r.detail, new Date(r.at))}`,
  read: (r, app) => `Read ${applicationInWords(r.application, app)}`,
  download: (r, app) =>
    `Downloaded ${r.detail?.document === 'application_pdf' || !r.detail?.document ? 'the PDF' : `the ${answerKeyInWords(r.detail.document)}`} of ${applicationInWords(r.application, app)}`,
  'export.csv': (r) => `Exported the applications as CSV${filtersInWords(r.detail, new Date(r.at))}`,
  'export.json': (r) => `Exported the applications as JSON${filtersInWords(r.detail, new Date(r.at))}`,
  'temporary-link': (r) => {
    const keys = preparedKeysInWords(r.detail?.keys ?? '');
    return `Issued a temporary link${days(r.detail?.expires_in_days)}${keys ? ` with: ${keys}` : ''}${recipientInWords(r.detail)}`;
  },
  'temporary-link.revoke': (r) => `Revoked a temporary link${r.detail?.issued_by ? ` issued by ${r.detail.issued_by}` : ''}${recipientInWords(r.detail)}`,
  'temporary-links': () => 'Viewed the temporary links issued',
  audit: (r, app) =>
    r.detail?.application ? `Viewed the access record of ${applicationInWords(r.detail.application, app)}` : 'Viewed the office-wide access record',
  'sign-in': () => 'Signed in',
  'mfa-failed': () => 'Entered a wrong authenticator code while signing in',
  'sign-out': () => 'Signed out',
  'staff-role': (r) =>
    r.detail?.change === 'added'
      ? `Added the staff user ${r.detail.email ?? ''} as ${r.detail.role ?? 'reader'}`
      : `Made the staff user ${r.detail?.email ?? ''} ${r.detail?.role ?? ''}`.trimEnd(),
  review: (r, app) =>
    `${r.detail?.change === 'revised' ? 'Revised their review of' : 'Reviewed'} ${applicationInWords(r.application, app)}${r.detail?.recommendation ? ` (recommends ${decisionInWords(r.detail.recommendation)})` : ''}`,
  decision: decisionRecordInWords,
  decisions: (r) => {
    const n = Number(r.detail?.count);
    return `Recorded the decision ${decisionInWords(r.detail?.decision)} on ${Number.isInteger(n) ? `${n} ${n === 1 ? 'application' : 'applications'}` : 'several applications'} at once`;
  },
  queue: () => 'Asked for the next application to read',
  release: (r) => {
    const which = r.detail?.ids ? `${r.detail.ids.split(' ').length} named application(s)` : 'every decided application';
    return `${r.detail?.at && r.detail.at !== 'now' ? `Scheduled the release, at ${r.detail.at},` : 'Released the decisions'} of ${which}`;
  },
  'release.cancel': (r) => `Cancelled the scheduled release ${r.detail?.release ?? ''}`.trimEnd(),
  releases: () => 'Viewed the scheduled releases',
  // The application is gone: its reference names it, never the applicant.
  erase: (r) => `Erased the application ${r.detail?.reference || '(no reference)'}${r.detail?.reason ? `: “${r.detail.reason}”` : ''}`,
};

/** The record in words; `application` names the application the record concerns, when it exists. */
export function accessInWords(record: AuditRecord, application?: ApplicationName): string {
  const wording = (WORDINGS as Partial<Record<string, Wording>>)[record.action];
  return wording ? wording(record, application) : `Did “${record.action}”`;
}

/** The application a record concerns: the one read, or the one whose access record was viewed. */
export const applicationOf = (record: AuditRecord): string | undefined => record.application ?? record.detail?.application;
