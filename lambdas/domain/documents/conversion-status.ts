/** GET /api/pdf/document-answer/{key}: the conversion status of the caller's document for this question, as the browser polls it. */
import type { DocumentItem } from '../ports/answers';
import { CONVERSION_MESSAGES } from './files';
import { effectiveStatus } from './status';

export interface DocumentReader {
  /** The caller's document answer for the question (a consistent read), or undefined. */
  readDocument(sub: string, key: string): Promise<DocumentItem | undefined>;
}

/** None answered reads NOT_ANSWERED; work that has not moved for far longer than any conversion takes reads FAILED, so the polling always ends (status.ts). */
export async function readConversionStatus(ports: DocumentReader, sub: string, key: string) {
  return effectiveStatus(await ports.readDocument(sub, key), new Date(), CONVERSION_MESSAGES.failed);
}
