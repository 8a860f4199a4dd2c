/**
 * GET /staff/api/applications/{id}: one submitted application as the console's page shows it:
 * the printed answers, the documents and the PDF with links to their download routes, the
 * recommenders, the checklist's materials with the office's marks and the completeness, the office
 * status and its history, an admin's hold, and the reviews and decision
 * this staff member may see. The read is recorded before anything of the application is read.
 */
import type { Timetable } from '#form/institution-cycles';
import { printSubmitted } from '#form/snapshot';
import { fillPath } from '#form/wire/endpoint';
import { endpoints } from '#form/wire/endpoints';
import type { ApplicationDetail } from '#form/wire/responses';
import type { StaffRole } from '#form/wire/roles';
import { lateInWords, officePlacement } from '../cycles/office-cycles';
import { reviewsAndDecision } from '../decisions/office-view';
import { NO_APPLICATION } from '../documents/downloads';
import { submittedDocuments } from '../documents/submitted-documents';
import { NotFound } from '../errors';
import { officeStatusView } from '../lifecycle/history';
import { officeMaterials } from '../materials/office-materials';
import type { ApplicantRecordReader, SnapshotReader } from '../ports/answers';
import type { StaffAudit } from '../ports/audit';
import type { DecisionStore, ReviewStore } from '../ports/decisions';
import type { StoredFilesReader } from '../ports/documents';
import type { OfficeStatusStore } from '../ports/office-status';
import type { RecommendationStore } from '../ports/recommendations';
import type { SubmissionsIndex } from '../ports/submissions';
import type { AddAnotherReader, TabsReader } from '../ports/tabs';
import { isBlindRound } from '../reading/blind';
import { staffRecommendations } from '../recommendations/office';

export interface ApplicationViewPorts
  extends
    Pick<SubmissionsIndex, 'readSubmitted'>,
    TabsReader,
    AddAnotherReader,
    StoredFilesReader,
    SnapshotReader,
    ApplicantRecordReader,
    Pick<OfficeStatusStore, 'readHistory'> {
  recommendations: RecommendationStore;
  reviews: Pick<ReviewStore, 'readReviews'>;
  decisions: Pick<DecisionStore, 'readDecision'>;
  audit: StaffAudit;
  timetable: Timetable;
  /** Reads each application needs: a blind round's reviews stay hidden until they are in (reading/blind.ts). */
  readsRequired: number;
}

export async function readStaffApplication(ports: ApplicationViewPorts, id: string, staff: { email: string; role: StaffRole }): Promise<ApplicationDetail> {
  const app = await ports.readSubmitted(id);
  if (!app) throw new NotFound(NO_APPLICATION);
  await ports.audit({ action: 'read', application: id });

  const letterPath = (recommendationId: string) => fillPath(endpoints.downloadRecommendationLetter.path, { id, recommendationId });
  const [tabs, addAnother, stored, snapshot, recommendations, history, office, record] = await Promise.all([
    ports.readTabs(id),
    ports.readAddAnother(id),
    ports.readApplicantDocuments(id),
    ports.readSnapshot(id),
    staffRecommendations(ports.recommendations, id, letterPath),
    ports.readHistory(id),
    reviewsAndDecision({ reviews: ports.reviews, decisions: ports.decisions }, id, staff, {
      blind: isBlindRound(ports.timetable, app.placement),
      readsRequired: ports.readsRequired,
    }),
    ports.readApplicantRecord(id),
  ]);
  const { asked, docs } = submittedDocuments(snapshot, stored.documents);
  // Links to the download routes, not signed links: each click signs anew (and is recorded), so a page left open keeps working.
  const documents = docs.map((d) => ({
    key: d.key,
    label: asked.get(d.key) ?? d.key,
    file_name: d.file_name,
    status: d.status,
    ...(d.status === 'COMPLETED' && d.converted_key ? { download_url: fillPath(endpoints.downloadApplicationDocument.path, { id, key: d.key }) } : {}),
  }));
  const pdf = stored.pdf;
  const pdfView = {
    status: pdf?.status ?? 'UNPROCESSED',
    ...(pdf?.status === 'COMPLETED' && pdf.objectKey ? { download_url: fillPath(endpoints.downloadStaffApplicationPdf.path, { id }) } : {}),
  };
  // The one printer (form/print.ts), or the application as submitted (form/snapshot.ts): the rows the PDF prints, with boxes in words ("Yes", the labels chosen) rather than the paper form's marks.
  const printable = { answers: app.answers, tabs, addAnother, documents: Object.fromEntries(docs.map((d) => [d.key, d])), boxes: 'words' as const };
  return {
    id,
    reference: app.reference,
    email: app.email,
    name: [app.answers.first_name, app.answers.last_name].filter(Boolean).join(' '),
    submitted_at: app.submittedAt,
    ...officePlacement(ports.timetable, app.placement),
    ...(app.placement?.late ? { late_meaning: lateInWords(ports.timetable, app.placement) } : {}),
    pages: printSubmitted(snapshot, printable),
    documents,
    pdf: pdfView,
    recommendations,
    materials: officeMaterials(record, new Date()),
    ...officeStatusView(history, staff.role),
    ...office,
    // Every role sees it: an application on hold is kept, whoever reads it.
    ...(app.hold ? { hold: app.hold } : {}),
  };
}
