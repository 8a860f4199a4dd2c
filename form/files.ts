/** Rules for a document question's file, checked before upload (and again by the server). */
import type { FileCandidate } from './types';
import { FILE_MESSAGES, fileNameTooLong } from './validation/messages';

export const FILE_MAX_BYTES = 1024 * 1024;
export const FILE_NAME_MAX_LENGTH = 32;
/** A recommender's letter: an ordinary descriptive name ("Recommendation_Ottoline_Brackwater_2026.pdf") fits; it is stored sanitised, never as a key. */
export const LETTER_FILE_NAME_MAX_LENGTH = 255;
export const FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf', 'docx'] as const;
/** For an <input accept>. */
export const FILE_ACCEPT = FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/** The extension in lower case; none for a name that is only an extension (".pdf"), as on Unix. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Every message that applies to the file; empty when it may be uploaded. `maxName`: the form's 32 characters unless given. */
export function validateFile(file: FileCandidate, maxName: number = FILE_NAME_MAX_LENGTH): string[] {
  const messages: string[] = [];
  if (file.size > FILE_MAX_BYTES) messages.push(FILE_MESSAGES.tooLarge);
  if (!(FILE_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) messages.push(FILE_MESSAGES.type);
  if (file.name.length > maxName) messages.push(fileNameTooLong(maxName));
  if (file.size <= 0) messages.push(FILE_MESSAGES.empty);
  return messages;
}
