import { route } from '../routes';
import { httpHandler } from '../middleware/access/applicant';
import { parseAttachRequest } from '../domain/documents/requests';
import { attachSupplement, parseSupplementQuestion } from '../domain/supplements';

/** POST /api/supplement/{key} {file_key, file_name}: records an uploaded material; conversion runs on the upload event. */
export const handler = httpHandler(route('attachSupplement'), { body: parseAttachRequest }, async ({ applicant, body, path }) =>
  attachSupplement(applicant.sub, parseSupplementQuestion(path.key), body),
);
