/**
 * An application's office status and its history. The history is the truth: its last entry is
 * the status, and each change is appended with the next number, so two staff members changing the
 * same application at once cannot both succeed (the second number is taken). Only the moves of
 * the lifecycle table (table.ts) are accepted. The copy beside the submission (what the list
 * filters on) follows; a crash between the two leaves the copy one change behind until the next
 * change writes it again.
 */
import { OFFICE_STATUS_LABELS, type OfficeStatusChange } from '#form/wire/office-status';
import type { StaffRole } from '#form/wire/roles';
import { seesDecisions } from '../decisions/visibility';
import { Conflict, Invalid, NotFound } from '../errors';
import type { NumberedChange, OfficeStatus, OfficeStatusStore, SubmittedCheck } from '../ports/office-status';
import { historyRow, INITIAL_STATUS } from './table';

export const NO_SUBMITTED_APPLICATION = 'There is no submitted application with this id.';

/** Room for a released decision's change and its reason (form/wire/decisions.ts: at most 500 characters) in one entry. */
export const WHAT_MAX_LENGTH = 700;

/** A move of the table that changes the status (one that keeps it is a note: noteOfficeChange). */
function canChange(from: OfficeStatus, to: OfficeStatus): boolean {
  return from !== to && historyRow(from, to) !== undefined;
}

/** The status a history ends in: submitted before any change. */
export function currentStatus(history: readonly NumberedChange[]): { status: OfficeStatus; seq: number } {
  const last = history.at(-1);
  return last ? { status: last.to, seq: last.seq } : { status: INITIAL_STATUS, seq: 0 };
}

export interface StatusChangeRequest {
  id: string;
  to: OfficeStatus;
  /** The staff member's e-mail. */
  staff: string;
  /** What happened, in words ("First review", "Decision: Admit"); a reason when a released decision changes. */
  what: string;
}

export async function changeOfficeStatus(
  ports: OfficeStatusStore & SubmittedCheck,
  request: StatusChangeRequest,
  now: Date = new Date(),
): Promise<NumberedChange> {
  return appendChange(ports, request, now, (current) => {
    if (!canChange(current, request.to)) {
      throw new Conflict(
        `An application that is ${OFFICE_STATUS_LABELS[current].toLowerCase()} cannot become ${OFFICE_STATUS_LABELS[request.to].toLowerCase()}.`,
      );
    }
  });
}

/**
 * An entry that keeps the status (from and to the same), for what changes within one status and
 * belongs in the history: a staged decision changed before its release. Only while the status is
 * `request.to` (409 otherwise); the copy beside the submission is not touched.
 */
export async function noteOfficeChange(
  ports: OfficeStatusStore & SubmittedCheck,
  request: StatusChangeRequest,
  now: Date = new Date(),
): Promise<NumberedChange> {
  return appendChange(ports, request, now, (current) => {
    if (current !== request.to || !historyRow(current, current))
      throw new Conflict(
        `This application is ${OFFICE_STATUS_LABELS[current].toLowerCase()} now, not ${OFFICE_STATUS_LABELS[request.to].toLowerCase()}. Reload it and try again.`,
      );
  });
}

async function appendChange(
  ports: OfficeStatusStore & SubmittedCheck,
  request: StatusChangeRequest,
  now: Date,
  check: (current: OfficeStatus) => void,
): Promise<NumberedChange> {
  const what = request.what.trim();
  if (!what) throw new Invalid('Say what the change is.');
  if (what.length > WHAT_MAX_LENGTH) throw new Invalid(`Say what the change is in at most ${WHAT_MAX_LENGTH} characters.`);
  if (!(await ports.readSubmitted(request.id))) throw new NotFound(NO_SUBMITTED_APPLICATION);
  const current = currentStatus(await ports.readHistory(request.id));
  check(current.status);
  const change: NumberedChange = { seq: current.seq + 1, at: now.toISOString(), staff: request.staff, from: current.status, to: request.to, what };
  if (!(await ports.appendHistory(request.id, change))) {
    throw new Conflict(SAME_MOMENT);
  }
  if (change.from !== change.to) await ports.markStatus(request.id, change.to, change.seq);
  return change;
}

/** Attempts of a material's entry when status changes keep taking its number. */
const NOTE_ATTEMPTS = 5;

/**
 * An entry for a material marked or unmarked (ports/office-status.ts `material`): it keeps
 * whatever the status is, so it takes the next number in any status, trying again when a status
 * change took it first (a mark never refuses a decision, nor waits for one).
 */
export async function noteMaterial(
  ports: Pick<OfficeStatusStore, 'readHistory' | 'appendHistory'>,
  id: string,
  entry: { staff: string; what: string; material: string },
  now: Date,
): Promise<NumberedChange> {
  for (let attempt = 0; attempt < NOTE_ATTEMPTS; attempt++) {
    const current = currentStatus(await ports.readHistory(id));
    const change: NumberedChange = { seq: current.seq + 1, at: now.toISOString(), from: current.status, to: current.status, ...entry };
    if (await ports.appendHistory(id, change)) return change;
  }
  throw new Conflict(SAME_MOMENT);
}

export const SAME_MOMENT = "Someone else changed this application's status at the same moment. Reload it and try again.";

/**
 * The application's status and its history as the staff API answers them (oldest first). A role
 * that sees no decision reads each entry in the table's words for readers: that a decision was
 * recorded or changed, never which one, nor the reason.
 */
export function officeStatusView(history: readonly NumberedChange[], role: StaffRole): { office_status: OfficeStatus; history: OfficeStatusChange[] } {
  const full = seesDecisions(role);
  return {
    office_status: currentStatus(history).status,
    history: history.map(({ at, staff, from, to, what, material }) => ({
      at,
      staff,
      from,
      to,
      // A material's words say nothing of a decision: every role reads them.
      what: full || material ? what : (historyRow(from, to)?.history?.reader ?? STATUS_CHANGED),
      ...(material ? { material } : {}),
    })),
  };
}

/** A reader's words for an entry no move of the table makes (none is accepted today). */
const STATUS_CHANGED = 'Status changed';
