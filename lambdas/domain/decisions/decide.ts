/**
 * Recording the office's decision, on one application or on many at once. A decision is staged
 * (`decided`): the applicant sees nothing until a release. Which move a decision is, who may make
 * it, whether it needs a reason or may be made in bulk, and its history line are the lifecycle
 * table's (lifecycle/table.ts) row for the application's status:
 *
 * - submitted or in review → decided, history "Decision: Admit";
 * - a staged decision changed before its release: the record, and a history entry that keeps the
 *   status ("Decision changed: admit → waitlist"); the same decision and note again change nothing;
 * - a released decision changes only by an admin (403 to a decider) with a reason (400 without):
 *   released → decided, history "Released decision changed: Deny → Admit. Reason: …", and the
 *   applicant keeps seeing the released one until a new release; never in bulk.
 *
 * No decision is written while a release that showed the applicant this decision is unfinished
 * (the record names it: `releasing`), so a release's retry never marks released a decision other
 * than the one the applicant saw. Every request is recorded in the audit trail after its checks
 * and before its writes. The decision record is written first, guarded by the version read (so a
 * release or another decision in between refuses it: 409), then the status through
 * changeOfficeStatus (retried when a review took the history's next number at the same moment).
 */
import type { Decision } from '#form/wire/decision-words';
import type { BulkDecisionRecorded, DecisionRecorded, DecisionRequest, StaffDecision } from '#form/wire/decisions';
import { roleRefusal, type StaffRole } from '#form/wire/roles';
import { Conflict, DomainError, Forbidden, Invalid, NotFound } from '../errors';
import { changeOfficeStatus, currentStatus, noteOfficeChange, NO_SUBMITTED_APPLICATION, SAME_MOMENT } from '../lifecycle/history';
import { decisionRow, historyLine, mayMake, transition, type Transition } from '../lifecycle/table';
import type { AuditAction, StaffAudit } from '../ports/audit';
import { officeReplyOf, type DecisionRecord, type DecisionStore } from '../ports/decisions';
import type { OfficeStatus, OfficeStatusStore, SubmittedCheck } from '../ports/office-status';

export interface DecisionPorts {
  decisions: DecisionStore;
  status: OfficeStatusStore & SubmittedCheck;
  audit: StaffAudit;
}

export interface Decider {
  email: string;
  role: StaffRole;
}

export const ONLY_ADMIN_CHANGES_RELEASED =
  'Only an admin can change a decision that has been released to the applicant. Ask an admin of the office if it needs to change.';
export const REASON_REQUIRED = 'Give the reason for changing a released decision: it stays in the application’s history.';
export const DECIDED_AT_SAME_MOMENT = 'Someone else recorded or released a decision on this application at the same moment. Reload it and try again.';
export const RELEASE_UNFINISHED =
  'A release has shown this decision to the applicant and is still being finished (its e-mail is being retried). The decision can change once it is done: try again in a few minutes.';

/** What is known of an application before deciding: its status (from the history) and its decision record. */
export interface DecisionSnapshot {
  id: string;
  status: OfficeStatus;
  record?: DecisionRecord;
}

export async function readSnapshot(ports: DecisionPorts, id: string): Promise<DecisionSnapshot | undefined> {
  if (!(await ports.status.readSubmitted(id))) return undefined;
  const [history, record] = await Promise.all([ports.status.readHistory(id), ports.decisions.readDecision(id)]);
  return { id, status: currentStatus(history).status, ...(record ? { record } : {}) };
}

interface HistoryStep {
  to: OfficeStatus;
  what: string;
  /** An entry that keeps the status (decided → decided). */
  keeps: boolean;
}

/** What to write: the audit record (the row's action and its detail), then, for a change, the record and the history. */
export type DecisionPlan = { action: AuditAction; audit: Record<string, string> } & (
  { kind: 'unchanged'; record: DecisionRecord } | { kind: 'change'; record: DecisionRecord; history?: HistoryStep }
);

/** The decision row of the table for this application, or the refusal of this request by its rules. */
function decisionMove(snapshot: DecisionSnapshot, request: DecisionRequest, decider: Decider, bulk: number | undefined): Transition {
  const row = decisionRow(snapshot.status);
  if (!row?.decision) throw new Conflict(`An application that is ${snapshot.status} cannot be decided.`);
  if (snapshot.record?.releasing) throw new Conflict(RELEASE_UNFINISHED);
  if (bulk && !row.decision.bulk) throw new Conflict(RELEASED_NOT_IN_BULK);
  if (!mayMake(row, decider.role)) throw new Forbidden(row.trigger === 'change-released' ? ONLY_ADMIN_CHANGES_RELEASED : roleRefusal(decider.role));
  if (row.decision.reason === 'required' && !request.reason) throw new Invalid(REASON_REQUIRED, { reason: [REASON_REQUIRED] });
  return row;
}

/** The rules above, without any I/O: what to write for this request on this application, or the refusal. */
export function planDecision(snapshot: DecisionSnapshot, request: DecisionRequest, decider: Decider, now: Date, bulk?: number): DecisionPlan {
  const row = decisionMove(snapshot, request, decider, bulk);
  const { record } = snapshot;
  const words = { decision: request.decision, ...(request.reason ? { reason: request.reason } : {}) };
  const audit: Record<string, string> = { decision: request.decision, ...(bulk ? { bulk: String(bulk) } : {}) };
  const action = row.audit?.action ?? 'decision';
  const next: DecisionRecord = {
    decision: request.decision,
    note: request.note,
    decided_by: decider.email,
    decided_at: now.toISOString(),
    ...(record?.released ? { released: record.released } : {}),
    ...(record?.reply ? { reply: record.reply } : {}),
    version: (record?.version ?? 0) + 1,
  };
  const step = (what: string): HistoryStep => ({ to: row.to, what, keeps: row.from.includes(row.to) });

  if (row.trigger === 'change-released') {
    const previous = record?.released?.decision ?? record?.decision;
    if (previous === request.decision) throw new Conflict(`The released decision is already ${request.decision}: there is nothing to change.`);
    return {
      kind: 'change',
      record: next,
      history: step(historyLine(row, { ...words, ...(previous ? { previous } : {}) })),
      action,
      audit: { ...audit, ...(previous ? { previous } : {}), released_change: 'true', reason: request.reason },
    };
  }
  if (row.trigger === 'change') {
    if (record && record.decision === request.decision && record.note === request.note) return { kind: 'unchanged', record, action, audit };
    // A new note alone changes the record, not the history; a decided application without a record is decided now.
    const what = record ? historyLine(row, { ...words, previous: record.decision }) : historyLine(transition('decide'), words);
    return {
      kind: 'change',
      record: next,
      ...(record?.decision === request.decision ? {} : { history: step(what) }),
      action,
      audit: record ? { ...audit, previous: record.decision } : audit,
    };
  }
  return { kind: 'change', record: next, history: step(historyLine(row, words)), action, audit };
}

/** Status changes retried this often when a review takes the history's next number at the same moment. */
const STATUS_ATTEMPTS = 3;

/** Records the request in the audit trail, then writes the plan: the record (version-guarded), then the history. */
async function applyPlan(ports: DecisionPorts, snapshot: DecisionSnapshot, plan: DecisionPlan, decider: Decider, now: Date): Promise<void> {
  await ports.audit({ action: plan.action, application: snapshot.id, detail: plan.audit });
  if (plan.kind === 'unchanged') return;
  if (!(await ports.decisions.writeDecision(snapshot.id, plan.record, snapshot.record?.version ?? 0))) throw new Conflict(DECIDED_AT_SAME_MOMENT);
  const step = plan.history;
  if (!step) return;
  const change = step.keeps ? noteOfficeChange : changeOfficeStatus;
  for (let attempt = 1; ; attempt++) {
    try {
      await change(ports.status, { id: snapshot.id, to: step.to, staff: decider.email, what: step.what }, now);
      return;
    } catch (error) {
      if (!(error instanceof Conflict) || error.message !== SAME_MOMENT || attempt >= STATUS_ATTEMPTS) throw error;
    }
  }
}

export function staffDecision(record: DecisionRecord): StaffDecision {
  return {
    decision: record.decision,
    ...(record.note ? { note: record.note } : {}),
    decided_by: record.decided_by,
    decided_at: record.decided_at,
    ...(record.released ? { released_at: record.released.at } : {}),
    ...(record.reply ? { reply: officeReplyOf(record.reply)!, replied_at: record.reply.at } : {}),
  };
}

/** PUT /staff/api/applications/{id}/decision. */
export async function recordDecision(
  ports: DecisionPorts,
  id: string,
  request: DecisionRequest,
  decider: Decider,
  now: Date = new Date(),
): Promise<DecisionRecorded> {
  const snapshot = await readSnapshot(ports, id);
  if (!snapshot) throw new NotFound(NO_SUBMITTED_APPLICATION);
  const plan = planDecision(snapshot, request, decider, now);
  await applyPlan(ports, snapshot, plan, decider, now);
  return { office_status: 'decided', decision: staffDecision(plan.record) };
}

export const RELEASED_NOT_IN_BULK = 'A released decision is not changed in bulk: an admin changes it on its application, with a reason.';

/** 409 `{message, ids}`: the ids named were refused (and, when some were decided before the others failed, `applied`). */
export class BulkRefused extends Conflict {
  constructor(
    message: string,
    readonly ids: string[],
    applied?: string[],
  ) {
    super(message);
    this.extra.ids = ids;
    if (applied) this.extra.applied = applied;
  }
}

const applications = (n: number) => `${n} ${n === 1 ? 'application' : 'applications'}`;

/** Why the bulk request refuses an application before anything is written (the table's rules a bulk decision checks first). */
type BulkRefusal = 'unknown' | 'released' | 'releasing';

function bulkRefusal(snapshot: DecisionSnapshot | undefined): BulkRefusal | undefined {
  if (!snapshot) return 'unknown';
  if (snapshot.record?.releasing) return 'releasing';
  return decisionRow(snapshot.status)?.decision?.bulk ? undefined : 'released';
}

const REFUSAL_WORDS: Record<BulkRefusal, (n: number) => string> = {
  unknown: (n) => `${applications(n)} ${n === 1 ? 'is' : 'are'} not a submitted application`,
  released: (n) => `${applications(n)} ${n === 1 ? 'has' : 'have'} a released decision (an admin changes one on its application, with a reason)`,
  releasing: (n) => `${applications(n)} ${n === 1 ? 'has' : 'have'} a release still being finished (try again in a few minutes)`,
};

function refusalMessage(counts: Partial<Record<BulkRefusal, number>>): string {
  const parts = (Object.keys(REFUSAL_WORDS) as BulkRefusal[]).filter((k) => counts[k]).map((k) => REFUSAL_WORDS[k](counts[k]!));
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  return `Nothing was recorded: ${parts.join(' and ')}. Take ${total === 1 ? 'it' : 'them'} out and send the decision again.`;
}

/** Applications read or written at once. */
const AT_ONCE = 10;

async function eachInBatches<T, R>(items: readonly T[], run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += AT_ONCE) out.push(...(await Promise.all(items.slice(i, i + AT_ONCE).map(run))));
  return out;
}

/** The office's record of a bulk request (each application's own is its row's). */
const BULK_AUDIT = transition('decide').audit.bulk;

export interface BulkDecisionPorts extends DecisionPorts {
  /** Told of a write that failed for a reason other than the rules (the handler logs it). */
  failed?: (id: string, error: unknown) => void;
}

/**
 * POST /staff/api/decisions: all or nothing as far as the rules go. Every application is read and
 * checked first; one unknown id, one with a released decision or one whose release is unfinished
 * refuses the whole request (409 naming them) with nothing written. Then the request is recorded once for the office and each application is
 * decided as on its own. DynamoDB Local has no transactions, so an application changed by
 * someone else between the check and its write (a release, another decision) is not decided:
 * the others are, and the answer is 409 naming the ones not decided and the ones that were
 * (`applied`). Sending the same decision again is safe: those decided already stay unchanged.
 */
export async function recordDecisions(
  ports: BulkDecisionPorts,
  request: { ids: string[]; decision: Decision; note: string },
  decider: Decider,
  now: Date = new Date(),
): Promise<BulkDecisionRecorded> {
  const snapshots = await eachInBatches(request.ids, (id) => readSnapshot(ports, id));
  const refusals = snapshots.map(bulkRefusal);
  const refused = request.ids.filter((_, i) => refusals[i]);
  if (refused.length) {
    const counts: Partial<Record<BulkRefusal, number>> = {};
    for (const r of refusals) if (r) counts[r] = (counts[r] ?? 0) + 1;
    throw new BulkRefused(refusalMessage(counts), refused);
  }
  const found = snapshots as DecisionSnapshot[];
  await ports.audit({ action: BULK_AUDIT, detail: { decision: request.decision, count: String(found.length), ids: request.ids.join(' ') } });
  const single: DecisionRequest = { decision: request.decision, note: request.note, reason: '' };
  const outcomes = await eachInBatches(found, async (snapshot) => {
    try {
      await applyPlan(ports, snapshot, planDecision(snapshot, single, decider, now, found.length), decider, now);
      return true;
    } catch (error) {
      if (!(error instanceof DomainError)) ports.failed?.(snapshot.id, error);
      return false;
    }
  });
  const notApplied = found.filter((_, i) => !outcomes[i]).map((s) => s.id);
  if (notApplied.length) {
    const applied = found.filter((_, i) => outcomes[i]).map((s) => s.id);
    throw new BulkRefused(
      `${applications(applied.length)} of ${found.length} were decided; ${applications(notApplied.length)} changed while the decision was being recorded and ${notApplied.length === 1 ? 'was' : 'were'} not. Reload, then send the decision again for ${notApplied.length === 1 ? 'it' : 'them'}.`,
      notApplied,
      applied,
    );
  }
  return { decision: request.decision, count: found.length, ids: found.map((s) => s.id) };
}
