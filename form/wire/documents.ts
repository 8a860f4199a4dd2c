/**
 * Inputs of the document routes: which question a file answers, the presigned upload's request,
 * the attach request's file key and (sanitised) name, and the post-submission material request.
 */
import { documentQuestionKeys } from '../model';
import { parseFileName } from './file-name';
import { bodyInput, InputError, stringFields } from './input';

// Its own module so the recommender's page checks a name without loading the form model.
export { parseFileName, sanitiseFileName } from './file-name';

/** Document questions of the form model: the only answer keys that take a file. */
export function parseDocumentKey(raw: unknown): string {
  if (typeof raw !== 'string' || !documentQuestionKeys.includes(raw)) {
    throw new InputError(`The answer key must be a document question: ${documentQuestionKeys.join(', ')}.`);
  }
  return raw;
}

/** POST /api/presigned-url: the document question the upload is for. */
export const grantUploadInput = bodyInput<{ answer_key: string }>()((raw): { answerKey: string } => {
  const body = stringFields(raw, ['answer_key'], 64);
  return { answerKey: parseDocumentKey(body.answer_key) };
});

/** POST /api/pdf/document-answer/{key} and /api/supplement/{key}: the uploaded object's key and the file's name. */
export const attachInput = bodyInput<{ file_key: string; file_name: string }>()((raw): { fileKey: string; fileName: string } => {
  const body = stringFields(raw, ['file_key', 'file_name'], 512);
  if (body.file_key === '') throw new InputError('file_key is required.', { file_key: ['file_key is required.'] });
  return { fileKey: body.file_key, fileName: parseFileName(body.file_name) };
});

/** POST /api/supplement/presigned-url: the material's question; whether it is taken now is the domain's call. */
export const grantSupplementUploadInput = bodyInput<{ answer_key: string }>()((raw): { answerKey: string } => ({
  answerKey: stringFields(raw, ['answer_key'], 64).answer_key,
}));
