import { uploadsBucket } from '#adapters/storage/signed-objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readTabs } from '#adapters/store/tabs-store';
import { uploadQuota } from '#adapters/store/upload-quota-store';
import { uploadGrants } from '#adapters/upload-grants';
import { parseSupplementQuestion, presignSupplement } from '#domain/supplements';
import { grantSupplementUploadInput } from '#form/wire/documents';
import { config } from '#lambdas/config';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

/** POST /api/supplement/presigned-url {answer_key}: an upload of a material accepted after submission (429 past the day's bound). */
export const handler = httpHandler(routeRow('grantSupplementUpload', { access: 'applicant' }), grantSupplementUploadInput, async ({ applicant, body }) =>
  presignSupplement(
    { readApplicantRecord, readTabs, grants: uploadGrants, uploads: uploadsBucket, quota: uploadQuota },
    applicant.sub,
    parseSupplementQuestion(body.answerKey),
    config().maxUploadsPerDay,
  ),
);
