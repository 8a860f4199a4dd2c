/**
 * CSV for spreadsheets and student information systems: RFC 4180 quoting, CRLF rows, and
 * formula injection neutralised: a cell a spreadsheet would run as a formula (starting with
 * =, +, -, @, tab or carriage return) is prefixed with an apostrophe, which spreadsheets show
 * as text (OWASP's advice).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: readonly string[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** UTF-8 byte-order mark: spreadsheets then read accented names correctly. */
export const CSV_BOM = '\uFEFF';
