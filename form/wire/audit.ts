/**
 * The words of the office's access record, as the routes declare them. A route's contract
 * (staff-endpoints.ts) names the actions it records and says each in words; the few actions no
 * route records are declared below. The server fills the words in
 * (lambdas/domain/staff/access-wording.ts: it knows the institution's options and the questions'
 * labels, which stay out of the browser).
 *
 * This is the one home of the actions' names: `AuditAction`, the list `AUDIT_ACTIONS` and the
 * words of each (`AUDIT_WORDS`) are derived below from both lists, and the audit port, the
 * wording, the office-wide view's filter and the console take them from here.
 */
import { auditDeclaration } from './endpoint';
import { staffEndpoints, type StaffEndpoints } from './staff-endpoints';

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
  /** An office-wide view's filters: "staff member ada@example.edu, action read, from 2026-09-01 to 2026-09-07"; unknown when there are none. */
  | 'trail';

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

/** The actions of a table of routes (their `audit` keys). */
export type ActionsOf<T> = { [N in keyof T]: T[N] extends { audit: infer A } ? (A extends AuditDeclaration ? keyof A & string : never) : never }[keyof T];

/**
 * Actions no route records, with their words. An action a route stops recording moves here with
 * its words: its records stay in the trail, and the office-wide view reads the trail action by
 * action (`AUDIT_ACTIONS`), so an action in neither list would drop out of that view.
 */
export const UNROUTED_AUDIT = auditDeclaration({
  // A role given or changed by `npm run staff` (the operator's own credentials, no route).
  'staff-role': [{ when: { change: 'added' }, words: 'Added the staff user {email} as {role}' }, 'Made the staff user {email} {role}'],
});

/** A table of routes as far as the access record reads it. */
type AuditedRoutes = Readonly<Record<string, { readonly access: string; readonly audit?: AuditDeclaration | 'none' }>>;

/** Each action the routes record, with the routes that record it and their words (an action two routes record they word alike). */
export function auditedActions(routes: AuditedRoutes): Map<string, { routes: string[]; words: AuditWords[] }> {
  const actions = new Map<string, { routes: string[]; words: AuditWords[] }>();
  for (const [name, { audit }] of Object.entries(routes)) {
    if (!audit || audit === 'none') continue;
    for (const [action, words] of Object.entries(audit)) {
      const seen = actions.get(action) ?? { routes: [], words: [] };
      actions.set(action, { routes: [...seen.routes, name], words: [...seen.words, words] });
    }
  }
  return actions;
}

/** The words of every action the routes record (the first route's, for an action several record), and of those no route records. */
export function auditWordsOf(routes: AuditedRoutes): Record<string, AuditWords> {
  return { ...Object.fromEntries([...auditedActions(routes)].map(([action, { words }]) => [action, words[0]!])), ...UNROUTED_AUDIT };
}

/** What a record says was done: an action a route declares, or one of those no route records. */
export type AuditAction = ActionsOf<StaffEndpoints> | keyof typeof UNROUTED_AUDIT;

/** Every action's words: the routes' (staff-endpoints.ts) and those of the actions no route records. */
export const AUDIT_WORDS = auditWordsOf(staffEndpoints) as Readonly<Record<AuditAction, AuditWords>>;

/** Every action the access record holds, in alphabetical order. */
export const AUDIT_ACTIONS = Object.keys(AUDIT_WORDS).sort() as readonly AuditAction[];

export const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as readonly string[]).includes(value);
