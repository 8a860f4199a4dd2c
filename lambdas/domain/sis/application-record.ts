/**
 * GET /sis/v1/applications/{id}: one submitted application as a student information system
 * reads it: where it was submitted in the timetable, its office status, the decision once the
 * applicant was shown it and their reply, the applicant, every answer with its words, and the
 * documents submitted, each with a link valid 5 minutes, as the console's downloads sign them, and
 * the application PDF's. The read is recorded under the client's name before anything of the
 * application is read (as the office's view records it: domain/staff/application-view.ts, whose
 * choice of the documents as submitted this shares). The list (application-list.ts) builds each of
 * its applications with `sisRecord`.
 */
import { descKey } from '#form/data-model';
import type { Timetable } from '#form/institution-cycles';
import type { SisAnswer, SisApplication } from '#form/wire/sis';
import { isDerivedLabel } from '../answer-labels';
import { officePlacement } from '../cycles/office-cycles';
import { NO_APPLICATION, applicationFileName, documentFileName } from '../documents/downloads';
import { submittedDocuments } from '../documents/submitted-documents';
import { NotFound } from '../errors';
import { officeMaterials } from '../materials/office-materials';
import type { Answers, ApplicantRecordReader, SnapshotReader } from '../ports/answers';
import type { StaffAudit } from '../ports/audit';
import { officeReplyOf, type DecisionStore } from '../ports/decisions';
import type { DownloadLinks, StoredFilesReader } from '../ports/documents';
import type { OfficeStatusStore } from '../ports/office-status';
import type { SubmissionsIndex, SubmittedApplication } from '../ports/submissions';

/** What one application's record reads besides the application itself. */
export interface SisRecordPorts extends StoredFilesReader, SnapshotReader, ApplicantRecordReader, Pick<OfficeStatusStore, 'readHistory'> {
  decisions: Pick<DecisionStore, 'readDecision'>;
  /** The 5-minute links of its documents and PDF (the console's downloads sign the same). */
  links: DownloadLinks;
  audit: StaffAudit;
  timetable: Timetable;
}

export interface SisApplicationPorts extends SisRecordPorts, Pick<SubmissionsIndex, 'readSubmitted'> {}

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

/** The change index's key is `<ISO time>#<id>`: its time. */
const changeTime = (key: string): string => key.slice(0, key.indexOf('#'));

export async function readSisApplication(ports: SisApplicationPorts, id: string, now: Date = new Date()): Promise<SisApplication> {
  const app = await ports.readSubmitted(id);
  if (!app) throw new NotFound(NO_APPLICATION);
  return sisRecord(ports, app, now);
}

/** One submitted application's record, its read recorded first. */
export async function sisRecord(ports: SisRecordPorts, app: SubmittedApplication, now: Date = new Date()): Promise<SisApplication> {
  const { id } = app;
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
  const reference = app.reference || id;
  const [documents, pdf] = await Promise.all([
    Promise.all(
      docs.map(async (d) => ({
        kind: d.key,
        file_name: d.file_name,
        ...(d.status === 'COMPLETED' && d.converted_key ? { url: await ports.links.signPdfDownload(d.converted_key, documentFileName(reference, d.key)) } : {}),
      })),
    ),
    stored.pdf?.status === 'COMPLETED' && stored.pdf.objectKey
      ? ports.links.signPdfDownload(stored.pdf.objectKey, applicationFileName(reference)).then((url) => ({ file_name: applicationFileName(reference), url }))
      : undefined,
  ]);
  return {
    id,
    reference: app.reference,
    cycle,
    round,
    late,
    term: a.entry_term ?? '',
    major: a.applied_major ?? '',
    submitted_at: app.submittedAt,
    // The change index's time where the application has one; before that index, the latest change it can tell.
    updated_at: app.changeKey ? changeTime(app.changeKey) : latest([app.submittedAt, ...history.map((h) => h.at), released?.at, decision?.reply?.at]),
    office_status: app.officeStatus,
    ...(released ? { decision: released.decision, released_at: released.at } : {}),
    ...(reply ? { reply } : {}),
    applicant: {
      name: [a.first_name, a.last_name].filter(Boolean).join(' '),
      email: app.email,
      birth_date: a.birth_date ?? '',
    },
    answers: answersWithLabels(a),
    documents,
    ...(pdf ? { pdf } : {}),
    materials: officeMaterials(record, now),
  };
}
