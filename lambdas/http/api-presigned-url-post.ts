import { presignDocumentUpload } from '#domain/uploads';
import { grantUploadInput } from '#form/wire/documents';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { lockedAfterSubmit } from '#middleware/submitted-lock';
import { uploadStartPorts, uploadsPerDay } from '#wiring/documents';

/**
 * POST /api/presigned-url {answer_key}: a presigned POST for a key the server chooses under the
 * caller's prefix; 429 past the day's bound of uploads.
 */
export const handler = httpHandler(
  lockedAfterSubmit(routeRow('grantUpload', { access: 'applicant', lockedAfterSubmit: true })),
  grantUploadInput,
  async ({ applicant, body }) => presignDocumentUpload(uploadStartPorts(), applicant.application, body.answerKey, uploadsPerDay()),
);
