/** Formatting of typed and printed values. */

/** Mask for a phone while typing: digits only, shaped as (###) ###-#### as far as typed. */
export function formatPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  // A pasted +1 / leading 1 country code is not part of the (###) ###-#### shape.
  if (digits.length > 10 && digits.startsWith('1')) digits = digits.slice(1);
  digits = digits.slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** SSN-style 3-2-4 with dashes, as far as typed. */
export function formatSsn(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 9);
  if (digits.length <= 3) return digits;
  if (digits.length <= 5) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}`;
}

/** Printed checkbox: [X] when the stored boolean is 'true', [ ] otherwise. */
export const printCheckbox = (value: string | undefined): string => (value === 'true' ? '[X]' : '[ ]');

/** A checkbox in words, for a screen (the staff view): the print's marks are the spec's paper form. */
export const checkboxInWords = (value: string | undefined): 'Yes' | 'No' => (value === 'true' ? 'Yes' : 'No');

/** "Character count: n / limit" under a text area. */
export const characterCount = (value: string, limit: number): string => `Character count: ${value.length} / ${limit}`;

/** Human-readable file size for the attached-file line. */
export function formatFileSize(bytes: number | undefined): string {
  if (bytes === undefined) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MB`;
}
