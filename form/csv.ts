/**
 * CSV for spreadsheets and student information systems: RFC 4180 quoting, CRLF rows, and
 * formula injection neutralised: a cell a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) is prefixed with an apostrophe, which spreadsheets show
 * as text (OWASP's advice). Spreadsheets trim leading spaces and other blanks before deciding
 * that a cell is a formula, so "  =1+2" (or a no-break or zero-width space first) counts as one
 * too; so do the full-width signs some input methods type.
 */
const FORMULA_START = /^[\s\u200b-\u200d\u2060]*[=+\-@\uff1d\uff0b\uff0d\uff20]|^[\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** UTF-8 byte-order mark: spreadsheets then read accented names correctly. */
export const CSV_BOM = '\uFEFF';
