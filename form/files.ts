/** Rules for a document question's file, checked before upload (and again by the server). */
import type { FileCandidate } from './types';
import { FILE_MESSAGES } from './validation/messages';

export const FILE_MAX_BYTES = 1024 * 1024;
export const FILE_NAME_MAX_LENGTH = 32;
export const FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf', 'docx'] as const;
/** For an <input accept>. */
export const FILE_ACCEPT = FILE_EXTENSIONS.map((e) => `.${e}`).join(',');
export const FILES_PER_QUESTION = 1;

/** The extension in lower case; none for a name that is only an extension (".pdf"), as on Unix. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Every message that applies to the file; empty when it may be uploaded. */
export function validateFile(file: FileCandidate): string[] {
  const messages: string[] = [];
  if (file.size > FILE_MAX_BYTES) messages.push(FILE_MESSAGES.tooLarge);
  if (!(FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) messages.push(FILE_MESSAGES.type);
  if (file.name.length > FILE_NAME_MAX_LENGTH) messages.push(FILE_MESSAGES.nameTooLong);
  if (file.size <= 0) messages.push(FILE_MESSAGES.empty);
  return messages;
}
