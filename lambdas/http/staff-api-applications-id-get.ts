import { routeRow } from '#lambdas/route-row';
import { ANY_STAFF_ROLE } from '#form/wire/roles';
import { httpHandler } from '#middleware/access/staff';
import { readSubmitted } from '#adapters/store/submissions-index';
import { appendAudit } from '#adapters/store/audit-store';
import { readHistory } from '#adapters/store/office-status-store';
import { officeStatusView } from '#domain/staff/office-status';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { NotFound } from '#domain/errors';
import { endpoints } from '#form/wire/endpoints';
import { fillPath } from '#form/wire/endpoint';
import { parseApplicationId } from '#form/wire/staff';
import { documentQuestionKeys, questionFor } from '#form/model';
import { printApplication } from '#form/print';
import { sourceIp } from '#middleware/source-ip';
import { NO_APPLICATION } from '#domain/documents/downloads';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { staffRecommendations } from '#domain/recommendations/office';
import { readReviews } from '#adapters/store/reviews-store';
import { readDecision } from '#adapters/store/decisions-store';
import { reviewsAndDecision } from '#domain/decisions/office-view';

export const handler = httpHandler(routeRow('readApplication', { access: 'staff', roles: ANY_STAFF_ROLE }), async ({ path, staff, event }) => {
  const id = parseApplicationId(path.id);
  const app = await readSubmitted(id);
  if (!app) throw new NotFound(NO_APPLICATION);
  await appendAudit({ staff: staff.email, action: 'read', application: id, ip: sourceIp(event) });

  const letterPath = (recommendationId: string) => fillPath(endpoints.downloadRecommendationLetter.path, { id, recommendationId });
  const [tabs, addAnother, stored, recommendations, history, office] = await Promise.all([
    readTabs(id),
    readAddAnother(id),
    readApplicantDocuments(id),
    staffRecommendations(recommendationStore, id, letterPath),
    readHistory(id),
    reviewsAndDecision({ reviews: { readReviews }, decisions: { readDecision } }, id, staff),
  ]);
  const docs = stored.documents.filter((d) => documentQuestionKeys.includes(d.key)).sort((a, b) => documentQuestionKeys.indexOf(a.key) - documentQuestionKeys.indexOf(b.key));
  // Links to the download routes, not signed links: each click signs anew (and is recorded), so a page left open keeps working.
  const documents = docs.map((d) => ({
    key: d.key,
    label: questionFor(d.key)?.label ?? d.key,
    file_name: d.file_name,
    status: d.status,
    ...(d.status === 'COMPLETED' && d.converted_key ? { download_url: fillPath(endpoints.downloadApplicationDocument.path, { id, key: d.key }) } : {}),
  }));
  const pdf = stored.pdf;
  const pdfView = {
    status: pdf?.status ?? 'UNPROCESSED',
    ...(pdf?.status === 'COMPLETED' && pdf.objectKey ? { download_url: fillPath(endpoints.downloadStaffApplicationPdf.path, { id }) } : {}),
  };
  // The one printer (form/print.ts): the rows the PDF prints.
  const printable = { answers: app.answers, tabs, addAnother, documents: Object.fromEntries(docs.map((d) => [d.key, d])) };
  return {
    id,
    reference: app.reference,
    email: app.email,
    name: [app.answers.first_name, app.answers.last_name].filter(Boolean).join(' '),
    submitted_at: app.submittedAt,
    pages: printApplication(printable),
    documents,
    pdf: pdfView,
    recommendations,
    ...officeStatusView(history),
    ...office,
  };
});
