import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/service';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { documentAnswers } from '#domain/profile';

/** The read-only data the service view (and so the PDF) renders, for the token's one applicant. */
export const handler = httpHandler(routeRow('readServiceView', { access: 'service' }), async ({ service }) => {
  const [record, tabs, addAnother] = await Promise.all([readApplicantRecord(service.sub), readTabs(service.sub), readAddAnother(service.sub)]);
  return { answer: record.answers, add_another: addAnother, document_answer: documentAnswers(record.documents), tabs, submitted_at: record.submittedAt ?? null, reference: record.reference ?? null };
});
