/**
 * Inputs of the document routes: which question a file answers, the presigned upload's request,
 * the attach request's file key and (sanitised) name, and the post-submission material request.
 */
import { documentQuestionKeys } from '../model';
import { FILE_EXTENSIONS, FILE_NAME_MAX_LENGTH, fileExtension } from '../files';
import { FILE_MESSAGES } from '../validation/messages';
import { bodyInput, InputError, stringFields } from './input';

/** Document questions of the form model: the only answer keys that take a file. */
export function parseDocumentKey(raw: unknown): string {
  if (typeof raw !== 'string' || !documentQuestionKeys.includes(raw)) {
    throw new InputError(`The answer key must be a document question: ${documentQuestionKeys.join(', ')}.`);
  }
  return raw;
}

/**
 * A display name safe to store and print: the last path segment only, no control or
 * markup/shell-significant characters, Unicode-normalised and trimmed. The original name is
 * never used as a key or path anywhere.
 */
export function sanitiseFileName(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  return lastSegment
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f"'`<>:*?|;&$%{}[\]\\]/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .trim();
}

/** The applicant's file name, sanitised and held to the file rules (name length, allowed extension). */
export function parseFileName(raw: unknown): string {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new InputError('file_name is required.', { file_name: ['file_name is required.'] });
  }
  const name = sanitiseFileName(raw);
  const problems: string[] = [];
  if ([...raw].length > FILE_NAME_MAX_LENGTH || [...name].length > FILE_NAME_MAX_LENGTH) problems.push(FILE_MESSAGES.nameTooLong);
  if (!(FILE_EXTENSIONS as readonly string[]).includes(fileExtension(name))) problems.push(FILE_MESSAGES.type);
  if (problems.length > 0) throw new InputError(problems[0] as string, { file_name: problems });
  return name;
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
export const grantSupplementUploadInput = bodyInput<{ answer_key: string }>()((raw): { answerKey: string } => ({ answerKey: stringFields(raw, ['answer_key'], 64).answer_key }));
