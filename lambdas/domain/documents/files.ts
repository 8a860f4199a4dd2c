/**
 * File rules, shared with the web app through the form model (one set of
 * messages for the browser's check and the server's), plus the messages of the checks only the
 * server can make once it holds the bytes.
 */
// Narrow form/ modules, not the barrel (which brings the validation schemas and yup into every document route).
import { FILE_EXTENSIONS, FILE_MAX_BYTES, fileExtension, validateFile } from '#form/files';
import { FILE_MESSAGES } from '#form/validation/messages';

export { FILE_EXTENSIONS, FILE_MAX_BYTES, FILE_MESSAGES, validateFile };

/** What the converter tells an applicant when their file cannot become a PDF. */
export const CONVERSION_MESSAGES = {
  empty: FILE_MESSAGES.empty,
  tooLarge: FILE_MESSAGES.tooLarge,
  type: FILE_MESSAGES.type,
  mismatch: 'The contents of your file do not match its extension. Please save it again as a .png, .jpeg, .jpg, .pdf or .docx file and upload the new copy.',
  password: 'Your PDF is protected by a password. Please remove the password and upload it again.',
  corrupt: 'Your file could not be read; it may be damaged. Please save it again and upload the new copy.',
  expands: 'This file expands to more than we can read. Please save it again or upload a PDF.',
  failed: 'We could not convert your file. Please try uploading it again.',
} as const;

export const APPLICATION_PDF_FAILED = 'We could not create the PDF of your application. Please try again later.';
export const APPLICATION_PDF_TIMED_OUT = 'Creating the PDF of your application took too long. Please try again in a minute.';

export type DetectedType = 'png' | 'jpeg' | 'pdf' | 'docx';

/** The content type each allowed extension promises. */
export const EXTENSION_TYPE: Record<(typeof FILE_EXTENSIONS)[number], DetectedType> = {
  png: 'png',
  jpeg: 'jpeg',
  jpg: 'jpeg',
  pdf: 'pdf',
  docx: 'docx',
};

export function expectedType(fileName: string): DetectedType | undefined {
  return EXTENSION_TYPE[fileExtension(fileName) as keyof typeof EXTENSION_TYPE];
}

/** The document key and file name rules are the document routes' inputs (form/wire/documents.ts). */
export { parseDocumentKey, parseFileName, sanitiseFileName } from '#form/wire/documents';
