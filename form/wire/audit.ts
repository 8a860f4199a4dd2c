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
import { auditDeclaration, type AuditDeclaration, type AuditWords } from './audit-words';
import { staffEndpoints, type StaffEndpoints } from './staff-endpoints';

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
  // The daily sweep declined an offer nobody answered by its reply-by day (staff: `system`). Words
  // every role may read: the history and the decision record say more to those who see decisions.
  'offer.expire': 'Updated the application automatically (the daily sweep)',
  // The daily sweep's reminders (staff: `system`): counts only, queued for the sender (issue 40).
  'reminders.sweep': 'The daily reminders sent {reminders}',
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
