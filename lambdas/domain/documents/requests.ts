/** Request bodies of the document routes. */
import { stringFields } from '../input';
import { Invalid } from '../errors';
import { parseDocumentKey, parseFileName } from './files';

export function parsePresignRequest(raw: unknown): { answerKey: string } {
  const body = stringFields(raw, ['answer_key'], 64);
  return { answerKey: parseDocumentKey(body.answer_key) };
}

export function parseAttachRequest(raw: unknown): { fileKey: string; fileName: string } {
  const body = stringFields(raw, ['file_key', 'file_name'], 512);
  if (body.file_key === '') throw new Invalid('file_key is required.', { file_key: ['file_key is required.'] });
  return { fileKey: body.file_key, fileName: parseFileName(body.file_name) };
}
