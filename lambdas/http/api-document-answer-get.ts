import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { readApplicantDocuments } from '#adapters/document-answers-store';

/** GET /api/document-answer: the caller's attached files per question (file_key, file_name, file_size, status). */
export const handler = httpHandler(routeRow('readDocumentAnswers', { access: 'applicant' }), async ({ applicant }) => {
  const { documents } = await readApplicantDocuments(applicant.sub);
  const out: Record<string, { file_key: string; file_name: string; file_size: number; status: string }> = {};
  // A file whose upload event arrived before the applicant attached it has no name yet: not an answer.
  for (const d of documents) if (d.file_name) out[d.key] = { file_key: d.file_key, file_name: d.file_name, file_size: d.file_size, status: d.status };
  return out;
});
