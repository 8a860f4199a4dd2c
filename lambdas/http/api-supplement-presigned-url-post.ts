import { route } from '../routes';
import { httpHandler } from '../middleware/http';
import { grantSupplementUploadInput } from '../../form/wire/documents';
import { parseSupplementQuestion, presignSupplement } from '../domain/supplements';

/** POST /api/supplement/presigned-url {answer_key}: an upload of a material accepted after submission. */
export const handler = httpHandler(route('grantSupplementUpload'), grantSupplementUploadInput, async ({ applicant, body }) =>
  presignSupplement(applicant.sub, parseSupplementQuestion(body.answerKey)),
);
