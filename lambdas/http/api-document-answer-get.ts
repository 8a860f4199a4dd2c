import { readDocumentAnswers } from '#domain/profile';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { documentAnswersPorts } from '#wiring/documents';

/** GET /api/document-answer: the caller's attached files per question (file_key, file_name, file_size, status). */
export const handler = httpHandler(routeRow('readDocumentAnswers', { access: 'applicant' }), async ({ applicant }) =>
  readDocumentAnswers(documentAnswersPorts(), applicant.application),
);
