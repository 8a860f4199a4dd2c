/**
 * Removing a document answer (DELETE /api/document-answer/{key}) or only its conversion (DELETE
 * /api/pdf/document-answer/{key}, the tab guard's first step). Both are idempotent. The objects
 * go after the record, and only objects under the caller's own prefixes for this question.
 */
import type { DocumentItem } from '../ports/answers';
import { ownUpload } from './keys';

export interface DocumentRemovalPorts {
  /** Deletes the document answer; answers what it held, or undefined when there was none. */
  deleteDocument(sub: string, key: string): Promise<DocumentItem | undefined>;
  /** Forgets the converted PDF of the document answer; answers its key, or undefined when there was none. */
  deleteConversion(sub: string, key: string): Promise<string | undefined>;
  /** Deletes an object of the uploads bucket (idempotent). */
  deleteUpload(fileKey: string): Promise<void>;
  /** Deletes an object of the documents bucket (idempotent). */
  deleteConverted(convertedKey: string): Promise<void>;
}

/** Only keys under the caller's own converted/ prefix are ever stored; checked again before deleting. */
const ownConversion = (sub: string, key: string, converted: string | undefined): converted is string =>
  converted?.startsWith(`converted/${sub}/${key}/`) === true;

/** The document answer, the uploaded original and its conversion. */
export async function removeDocument(
  ports: Pick<DocumentRemovalPorts, 'deleteDocument' | 'deleteUpload' | 'deleteConverted'>,
  sub: string,
  key: string,
): Promise<void> {
  const removed = await ports.deleteDocument(sub, key);
  if (removed && typeof ownUpload(sub, key, removed.file_key) === 'object') await ports.deleteUpload(removed.file_key);
  if (ownConversion(sub, key, removed?.converted_key)) await ports.deleteConverted(removed.converted_key);
}

/** The converted PDF alone: the document answer stays. */
export async function removeConversion(ports: Pick<DocumentRemovalPorts, 'deleteConversion' | 'deleteConverted'>, sub: string, key: string): Promise<void> {
  const converted = await ports.deleteConversion(sub, key);
  if (ownConversion(sub, key, converted)) await ports.deleteConverted(converted);
}
