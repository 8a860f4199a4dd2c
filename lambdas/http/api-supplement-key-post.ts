import { attachUpload } from '#adapters/document-answers-store';
import { uploadsBucket } from '#adapters/storage/signed-objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readTabs } from '#adapters/store/tabs-store';
import { uploadGrants } from '#adapters/upload-grants';
import { attachSupplement, parseSupplementQuestion } from '#domain/supplements';
import { attachInput } from '#form/wire/documents';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';

/** POST /api/supplement/{key} {file_key, file_name}: records an uploaded material; conversion runs on the upload event. */
export const handler = httpHandler(routeRow('attachSupplement', { access: 'applicant' }), attachInput, async ({ applicant, body, path }) =>
  attachSupplement(
    { readApplicantRecord, readTabs, grants: uploadGrants, uploads: uploadsBucket, documents: { attachUpload } },
    applicant.sub,
    parseSupplementQuestion(path.key),
    body,
  ),
);
