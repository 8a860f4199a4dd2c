import { attachSupplement, parseSupplementQuestion } from '#domain/supplements';
import { attachInput } from '#form/wire/documents';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/applicant';
import { supplementPorts } from '#wiring/status-page';

/** POST /api/supplement/{key} {file_key, file_name}: records an uploaded material; conversion runs on the upload event. */
export const handler = httpHandler(routeRow('attachSupplement', { access: 'applicant' }), attachInput, async ({ applicant, body, path }) =>
  attachSupplement(supplementPorts(), applicant.application, parseSupplementQuestion(path.key), body),
);
