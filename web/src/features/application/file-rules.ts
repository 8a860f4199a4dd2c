/** File rules (001 §5), checked before any upload; the server checks again. */
export const FILE_MESSAGES = {
  size: 'Your file is too large. The maximum file size is 1 MB.',
  type: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  name: 'The name of your file is too long. File name can have a maximum of 32 characters, including the extension.',
  empty: 'Your file is empty. Please upload a non-empty file.',
} as const;

const TYPES = ['png', 'jpeg', 'jpg', 'pdf', 'docx'];

export function checkFile(file: { name: string; size: number }): string[] {
  const out: string[] = [];
  const ext = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  if (file.size === 0) out.push(FILE_MESSAGES.empty);
  if (file.size > 1024 * 1024) out.push(FILE_MESSAGES.size);
  if (!TYPES.includes(ext)) out.push(FILE_MESSAGES.type);
  if (file.name.length > 32) out.push(FILE_MESSAGES.name);
  return out;
}

export function formatSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
