import { parseSupplementQuestion, presignSupplement } from '#domain/supplements';
import { grantSupplementUploadInput } from '#form/wire/documents';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { uploadsPerDay } from '#wiring/documents';
import { supplementUploadPorts } from '#wiring/status-page';

/** POST /api/supplement/presigned-url {answer_key}: an upload of a material accepted after submission (429 past the day's bound). */
export const handler = httpHandler(routeRow('grantSupplementUpload', { access: 'applicant' }), grantSupplementUploadInput, async ({ applicant, body }) =>
  presignSupplement(supplementUploadPorts(), applicant.application, parseSupplementQuestion(body.answerKey), uploadsPerDay()),
);
