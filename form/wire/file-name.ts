/** A file's name as the routes accept it: sanitised, and held to the form's file rules. */
import { FILE_EXTENSIONS, FILE_NAME_MAX_LENGTH, fileExtension } from '../files';
import { fileNameTooLong, FILE_MESSAGES } from '../validation/messages';
import { InputError } from './input';

/**
 * A display name safe to store and print: the last path segment only, no control or
 * markup/shell-significant characters, Unicode-normalised and trimmed. The original name is
 * never used as a key or path anywhere.
 */
export function sanitiseFileName(raw: string): string {
  const lastSegment = raw.split(/[\\/]/).pop() ?? '';
  return (
    lastSegment
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
      .replace(/[\u0000-\u001f\u007f-\u009f"'`<>:*?|;&$%{}[\]\\]/g, '')
      .replace(/\s+/g, ' ')
      .replace(/^[\s.]+/, '')
      .trim()
  );
}

/** A request without a file name (the contract's words; a form names the missing file in its own). */
export const FILE_NAME_REQUIRED = 'file_name is required.';

/** The file name, sanitised and held to the file rules (name length, the form's 32 unless given; allowed extension). */
export function parseFileName(raw: unknown, maxLength: number = FILE_NAME_MAX_LENGTH): string {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw new InputError(FILE_NAME_REQUIRED, { file_name: [FILE_NAME_REQUIRED] });
  }
  const name = sanitiseFileName(raw);
  const problems: string[] = [];
  if ([...raw].length > maxLength || [...name].length > maxLength) problems.push(fileNameTooLong(maxLength));
  if (!(FILE_EXTENSIONS as readonly string[]).includes(fileExtension(name))) problems.push(FILE_MESSAGES.type);
  if (problems.length > 0) throw new InputError(problems[0] as string, { file_name: problems });
  return name;
}
