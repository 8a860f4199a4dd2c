/** A file's name as the routes accept it: sanitised, and held to the form's file rules. */
import { FILE_EXTENSIONS, FILE_NAME_MAX_LENGTH, fileExtension } from '../files';
import { FILE_MESSAGES } from '../validation/messages';
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
