/**
 * GET /sis/v1/applications/{id}: one submitted application as a student information system
 * reads it: where it was submitted in the timetable, its office status, the decision once the
 * applicant was shown it and their reply, the applicant, every answer with its words, and the
 * documents submitted. The read is recorded under the client's name before anything of the
 * application is read (as the office's view records it: domain/staff/application-view.ts, whose
 * choice of the documents as submitted this shares).
 */
import { descKey } from '#form/data-model';
import type { Timetable } from '#form/institution-cycles';
import type { SisAnswer, SisApplication } from '#form/wire/sis';
import { isDerivedLabel } from '../answer-labels';
import { officePlacement } from '../cycles/office-cycles';
import { NO_APPLICATION } from '../documents/downloads';
import { submittedDocuments } from '../documents/submitted-documents';
import { NotFound } from '../errors';
import { officeMaterials } from '../materials/office-materials';
import type { Answers, ApplicantRecordReader, SnapshotReader } from '../ports/answers';
import type { StaffAudit } from '../ports/audit';
import { officeReplyOf, type DecisionStore } from '../ports/decisions';
import type { StoredFilesReader } from '../ports/documents';
import type { OfficeStatusStore } from '../ports/office-status';
import type { SubmissionsIndex } from '../ports/submissions';

export interface SisApplicationPorts
  extends Pick<SubmissionsIndex, 'readSubmitted'>, StoredFilesReader, SnapshotReader, ApplicantRecordReader, Pick<OfficeStatusStore, 'readHistory'> {
  decisions: Pick<DecisionStore, 'readDecision'>;
  audit: StaffAudit;
  timetable: Timetable;
}

/** Each answer by key with its words: the option's label the save stored beside a code, otherwise the value itself. */
export function answersWithLabels(answers: Readonly<Answers>): Record<string, SisAnswer> {
  const labelled: Record<string, SisAnswer> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (isDerivedLabel(key)) continue;
    labelled[key] = { value, label: answers[descKey(key)] || value };
  }
  return labelled;
}

const latest = (times: ReadonlyArray<string | undefined>): string =>
  times
    .filter((t): t is string => Boolean(t))
    .sort()
    .at(-1)!;

export async function readSisApplication(ports: SisApplicationPorts, id: string, now: Date = new Date()): Promise<SisApplication> {
  const app = await ports.readSubmitted(id);
  if (!app) throw new NotFound(NO_APPLICATION);
  await ports.audit({ action: 'read', application: id });
  const [stored, snapshot, history, decision, record] = await Promise.all([
    ports.readApplicantDocuments(id),
    ports.readSnapshot(id),
    ports.readHistory(id),
    ports.decisions.readDecision(id),
    ports.readApplicantRecord(id),
  ]);
  const { docs } = submittedDocuments(snapshot, stored.documents);
  const { cycle, round, late } = officePlacement(ports.timetable, app.placement);
  const released = decision?.released;
  const reply = released ? officeReplyOf(decision.reply, decision.expiring) : undefined;
  const a = app.answers;
  return {
    id,
    reference: app.reference,
    cycle,
    round,
    late,
    term: a.entry_term ?? '',
    major: a.applied_major ?? '',
    submitted_at: app.submittedAt,
    updated_at: latest([app.submittedAt, ...history.map((h) => h.at), released?.at, decision?.reply?.at]),
    office_status: app.officeStatus,
    ...(released ? { decision: released.decision, released_at: released.at } : {}),
    ...(reply ? { reply } : {}),
    applicant: {
      name: [a.first_name, a.last_name].filter(Boolean).join(' '),
      email: app.email,
      birth_date: a.birth_date ?? '',
    },
    answers: answersWithLabels(a),
    documents: docs.map((d) => ({ kind: d.key, file_name: d.file_name })),
    materials: officeMaterials(record, now),
  };
}
