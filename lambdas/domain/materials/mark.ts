/**
 * The office marks a checklist item of a submitted application received (on a day) or waived, or
 * undoes its mark (issue 39, item 2): the staff route and the student information system's route
 * both call `markMaterial`, with the actor's name (a staff member's e-mail, a machine client's
 * name) and the audit writer of their caller.
 *
 * The marks are written whole with a version, so two marks at once cannot lose one: the second
 * write is refused, reads again and, when the other mark was on another item, writes both; on the
 * same item it is refused (409) rather than silently replacing what a colleague just did. The
 * completeness the staff list filters on is written with them. The request is recorded in the
 * access record before the write, the history entry after it.
 */
import { dayIn } from '#form/calendar';
import { institution } from '#form/institution';
import type { Timetable } from '#form/institution-cycles';
import { applicationCycle } from '#form/timetable';
import type { ChecklistItem } from '#form/types';
import type { MarkMaterialRequest, MaterialMark, MaterialMarked } from '#form/wire/materials';
import { Conflict, Invalid, NotFound } from '../errors';
import { NO_SUBMITTED_APPLICATION, noteMaterial } from '../lifecycle/history';
import type { ApplicantRecord, ApplicantRecordReader } from '../ports/answers';
import type { StaffAudit } from '../ports/audit';
import type { MaterialsStore } from '../ports/materials';
import type { OfficeStatusStore } from '../ports/office-status';
import { statusChecklist } from '../status-page';
import { officeMaterials } from './office-materials';

export interface MarkMaterialPorts extends ApplicantRecordReader {
  materials: MaterialsStore;
  history: Pick<OfficeStatusStore, 'readHistory' | 'appendHistory'>;
  audit: StaffAudit;
  timetable: Timetable;
  now(): Date;
}

/** Who marks: a staff member (their e-mail) or a machine client (its name), as the history names them. */
export interface MaterialActor {
  name: string;
}

export interface MarkMaterial extends MarkMaterialRequest {
  /** The application's id. */
  id: string;
  /** The checklist item's id (the institution's configuration). */
  item: string;
}

/** Reads and writes of one mark before it gives up to a stream of other marks. */
const ATTEMPTS = 4;

export const MATERIAL_TEXT = {
  unknownItem: (item: string, items: readonly ChecklistItem[]) =>
    `There is no material “${item.slice(0, 40)}” on the checklist: choose one of ${items.map((i) => i.id).join(', ')}.`,
  future: (day: string, today: string) => `The day it arrived (${day}) is in the future: give today's date (${today}) or an earlier one.`,
  beforeStart: (day: string, opened: string) => `The day it arrived (${day}) is before the application's cycle opened (${opened}): check the date.`,
  uploaded: (label: string) => `The applicant's own upload of the ${label.toLowerCase()} has arrived: there is nothing to mark.`,
  meanwhile: (label: string) => `Someone else marked the ${label.toLowerCase()} of this application at the same moment. Reload it and try again.`,
} as const;

const itemsOf = () => institution.afterSubmission.checklist;

/** Whether the applicant's own file of the item (with the form or afterwards) has arrived: received without any mark. */
function uploaded(item: ChecklistItem, record: ApplicantRecord, now: Date): boolean {
  const { materials: _marks, ...unmarked } = record;
  return statusChecklist(unmarked, {}, now).some((entry) => entry.id === item.id && entry.state === 'received');
}

/** The day the application's cycle opened: no material of it arrived before. */
function openedOn(ports: Pick<MarkMaterialPorts, 'timetable'>, submittedAt: string): string | undefined {
  return applicationCycle(ports.timetable.cycles, new Date(submittedAt), ports.timetable.timeZone)?.opens;
}

/** The mark asked for, its day checked against the institution's calendar (today by default); undefined to undo. */
function markAsked(
  ports: Pick<MarkMaterialPorts, 'timetable'>,
  request: MarkMaterial,
  submittedAt: string,
  actor: MaterialActor,
  now: Date,
): MaterialMark | undefined {
  if (request.status === 'awaiting') return undefined;
  const base = { by: actor.name, at: now.toISOString() };
  if (request.status === 'waived') return { status: 'waived', ...base };
  const today = dayIn(now, ports.timetable.timeZone);
  const day = request.received_at ?? today;
  if (day > today) throw new Invalid(MATERIAL_TEXT.future(day, today), { received_at: [MATERIAL_TEXT.future(day, today)] });
  const opened = openedOn(ports, submittedAt);
  if (opened && day < opened) throw new Invalid(MATERIAL_TEXT.beforeStart(day, opened), { received_at: [MATERIAL_TEXT.beforeStart(day, opened)] });
  return { status: 'received', received_at: day, ...base };
}

/** The same mark in effect (who and when aside): nothing to write. */
const sameMark = (a: MaterialMark | undefined, b: MaterialMark | undefined) => a?.status === b?.status && a?.received_at === b?.received_at;

function historyWords(label: string, mark: MaterialMark | undefined): string {
  if (!mark) return `Material mark undone: ${label} (awaited again)`;
  return mark.status === 'waived' ? `Material waived: ${label}` : `Material received: ${label}, ${mark.received_at}`;
}

function messageOf(label: string, mark: MaterialMark | undefined): string {
  if (!mark) return `The mark on the ${label.toLowerCase()} is undone: it is awaited again unless the applicant's own upload has arrived.`;
  return mark.status === 'waived' ? `The ${label.toLowerCase()} is waived.` : `The ${label.toLowerCase()} is marked received on ${mark.received_at}.`;
}

/** A mark repeated (a retried request): what holds, and that nothing changed. */
function unchanged(label: string, current: MaterialMark | undefined): string {
  return current ? `${messageOf(label, current)} Nothing changed.` : `The ${label.toLowerCase()} was not marked: nothing changed.`;
}

export async function markMaterial(ports: MarkMaterialPorts, request: MarkMaterial, actor: MaterialActor): Promise<MaterialMarked> {
  const item = itemsOf().find((i) => i.id === request.item);
  if (!item) throw new Invalid(MATERIAL_TEXT.unknownItem(request.item, itemsOf()), { item: [MATERIAL_TEXT.unknownItem(request.item, itemsOf())] });
  const now = ports.now();
  let firstSeen: MaterialMark | undefined;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const record = await ports.readApplicantRecord(request.id);
    if (!record.submittedAt) throw new NotFound(NO_SUBMITTED_APPLICATION);
    const stored = record.materials ?? { marks: {}, version: 0 };
    const current = stored.marks[item.id];
    if (attempt === 0) firstSeen = current;
    // Another mark of this item came between the read and the write: theirs stands, told.
    else if (!sameMark(current, firstSeen) || current?.by !== firstSeen?.by) throw new Conflict(MATERIAL_TEXT.meanwhile(item.label));
    const mark = markAsked(ports, request, record.submittedAt, actor, now);
    if (sameMark(current, mark)) return { message: unchanged(item.label, current), ...officeMaterials(record, now) };
    if (mark && uploaded(item, record, now)) throw new Conflict(MATERIAL_TEXT.uploaded(item.label));

    const marks = { ...stored.marks };
    if (mark) marks[item.id] = mark;
    else delete marks[item.id];
    const after: ApplicantRecord = { ...record, materials: { marks, version: stored.version + 1 } };
    const view = officeMaterials(after, now);
    if (attempt === 0)
      await ports.audit({
        action: 'material',
        application: request.id,
        detail: { item: item.id, status: request.status, ...(mark?.received_at ? { received_at: mark.received_at } : {}) },
      });
    if (!(await ports.materials.writeMarks(request.id, marks, view.complete, stored.version))) continue;
    await noteMaterial(ports.history, request.id, { staff: actor.name, what: historyWords(item.label, mark), material: item.id }, now);
    return { message: messageOf(item.label, mark), ...view };
  }
  throw new Conflict(MATERIAL_TEXT.meanwhile(item.label));
}
