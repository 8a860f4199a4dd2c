import { route } from '#lambdas/routes';
import { httpHandler } from '#middleware/access/applicant';
import { grantSupplementUploadInput } from '#form/wire/documents';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readTabs } from '#adapters/store/tabs-store';
import { uploadsBucket } from '#adapters/storage/signed-objects';
import { uploadGrants } from '#adapters/upload-grants';
import { parseSupplementQuestion, presignSupplement } from '#domain/supplements';

/** POST /api/supplement/presigned-url {answer_key}: an upload of a material accepted after submission. */
export const handler = httpHandler(route('grantSupplementUpload'), grantSupplementUploadInput, async ({ applicant, body }) =>
  presignSupplement({ readApplicantRecord, readTabs, grants: uploadGrants, uploads: uploadsBucket }, applicant.sub, parseSupplementQuestion(body.answerKey)),
);
