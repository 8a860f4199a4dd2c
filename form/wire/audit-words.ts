/**
 * The words of the office's access record as a route declares them (its contract's `audit`,
 * form/wire/endpoint.ts): the values a sentence may name, and the check that it names no other.
 * Apart from audit.ts, which derives the actions from the route declarations that use these.
 */
/**
 * The values a sentence may name in braces, `{application}`: each has one filler on the server
 * (access-wording.ts), which knows it, or does not (a record without that detail).
 */
export type AuditValue =
  /** The application the record concerns: "the application Y7J347YY (Ada Lovelace)", or by id when it is gone. */
  | 'application'
  /** A list's or an export's filters: "entry term Fall 2027, major Biology, search “ada”"; unknown when there are none. */
  | 'filters'
  /** A downloaded file: "PDF" or the document question in words ("high school transcript"). */
  | 'document'
  /** A temporary link's lifetime: "14 days". */
  | 'days'
  /** A temporary link's answers, each question once: "first name, last name, entry term". */
  | 'keys'
  /** Who a temporary link is for: "Ada Lovelace (ada@example.com)", the name or the address alone. */
  | 'recipient'
  /** Who issued a revoked link. */
  | 'issuedBy'
  /** A staff user's address and role (the staff command's records). */
  | 'email'
  | 'role'
  /** The role a staff user had before an admin changed it. */
  | 'previousRole'
  /** A review's recommendation, a decision and the decision it replaced, as the office says them ("Admit"). */
  | 'recommendation'
  | 'decision'
  | 'previous'
  /** The reason given (a released decision changed, an erasure). */
  | 'reason'
  /** How many applications a decision was recorded on together, when more than one. */
  | 'bulk'
  /** How many applications a bulk decision names: "12 applications". */
  | 'count'
  /** When a scheduled release runs (unknown for a release run at once). */
  | 'scheduledAt'
  /** What a release covers: "2 named application(s)" or "every decided application". */
  | 'released'
  /** A release's id. */
  | 'release'
  /** An erased application's reference. */
  | 'reference'
  /** A section of Settings in words: "the decision letters". */
  | 'setting'
  /** A section's version number, and the earlier one a revert restored (0: the configuration file's words). */
  | 'version'
  | 'revertedFrom'
  /** The readers an admin assigned applications to: their e-mails, or "none". */
  | 'readers'
  /** A material of the checklist in words ("high school transcript"), and the day it arrived (YYYY-MM-DD). */
  | 'material'
  | 'day'
  /** The other application of a duplicate flag: its reference. */
  | 'other'
  /** A machine client of the student information system's API: its name, its scopes ("applications.read, decisions.write") and its last day. */
  | 'client'
  | 'scopes'
  | 'expires'
  /** A mailing: its subject in quotes (the office's words). */
  | 'mailing'
  /** An office-wide view's filters: "staff member ada@example.edu, action read, from 2026-09-01 to 2026-09-07"; unknown when there are none. */
  | 'trail'
  /** A saved filter set of the list: its name. */
  | 'filterSet'
  /** The daily reminders a sweep queued: "12 reminders (deadline 10, missing materials 2, reply 0) as of 2026-10-25". */
  | 'reminders';

/**
 * A sentence of the record: `{value}` is filled in; a part in `[…]` is said only when every value
 * in it is known ("Issued a temporary link[ ({days})]").
 */
type AuditSentence = string;

/** A sentence said only when the record's detail has these values. */
interface AuditCase {
  readonly when: Readonly<Record<string, string>>;
  readonly words: AuditSentence;
}

/**
 * What the record shows for one action: a sentence, or sentences tried in order, the first whose
 * `when` holds and whose values outside `[…]` are all known (the last is said in any case).
 */
export type AuditWords = AuditSentence | readonly (AuditSentence | AuditCase)[];

/** The actions a route records, each with its words; `'none'`: the route records nothing. */
export type AuditDeclaration = Readonly<Record<string, AuditWords>>;

type ValuesIn<S> = S extends `${string}{${infer V}}${infer Rest}` ? V | ValuesIn<Rest> : never;
type Unknown<S> = Exclude<ValuesIn<S>, AuditValue>;
type CheckedSentence<S> = [Unknown<S>] extends [never] ? S : `names a value the access record does not know: {${Unknown<S> & string}}`;
type CheckedWords<W> = W extends string
  ? CheckedSentence<W>
  : {
      readonly [i in keyof W]: W[i] extends AuditCase ? { readonly when: W[i]['when']; readonly words: CheckedSentence<W[i]['words']> } : CheckedSentence<W[i]>;
    };
/** The declaration as written, or a compile error naming the value no filler knows. */
export type CheckedAudit<A> = A extends AuditDeclaration ? { readonly [action in keyof A]: CheckedWords<A[action]> } : A;

/** A route's actions as declared, checked: a sentence naming a value no filler knows does not compile. */
export const auditDeclaration = <const A extends AuditDeclaration>(actions: A & CheckedAudit<A>): A => actions;
