/**
 * The real type of an upload, from its bytes, and the size checks the browser already made but
 * an upload straight to the bucket may skip (the local S3 server does not enforce POST policies).
 */
import { fileTypeFromBuffer } from 'file-type';
import { ConversionFailure } from './conversion-error';
import { FILE_MAX_BYTES, expectedType, type DetectedType } from './files';

const BY_EXTENSION: Record<string, DetectedType> = { png: 'png', jpg: 'jpeg', pdf: 'pdf', docx: 'docx' };

export async function detectType(bytes: Uint8Array): Promise<DetectedType | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  return found ? BY_EXTENSION[found.ext] : undefined;
}

/**
 * Size, emptiness and type; when the applicant's file name is known its extension must agree
 * with the contents. Returns the type to convert as.
 */
export async function checkUpload(bytes: Uint8Array, fileName?: string): Promise<DetectedType> {
  if (bytes.length === 0) throw new ConversionFailure('empty');
  if (bytes.length > FILE_MAX_BYTES) throw new ConversionFailure('tooLarge');
  const type = await detectType(bytes);
  if (!type) throw new ConversionFailure('type');
  const promised = fileName ? expectedType(fileName) : undefined;
  if (promised && promised !== type) throw new ConversionFailure('mismatch', `${fileName} holds ${type}`);
  return type;
}
