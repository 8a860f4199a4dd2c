import type { Category } from '#form/wire/lookup';
import { CsvSyntaxError, parseCsv } from './csv';
import type { LookupRecord } from './records';
import { countryName, stateListFor } from './regions';

/**
 * The import file format, per category. Validation is all-or-nothing: the importer writes a
 * dataset only when this returns no errors, so a file is never half imported.
 */

export interface ColumnSpec {
  required: readonly string[];
  optional: readonly string[];
}

const SCHOOL_COLUMNS: ColumnSpec = {
  required: ['ceeb', 'name', 'city', 'country'],
  optional: ['address_line_1', 'state', 'zip'],
};

export const COLUMNS: Readonly<Record<Category, ColumnSpec>> = {
  hs_ceeb: SCHOOL_COLUMNS,
  college_ceeb: SCHOOL_COLUMNS,
  address: { required: ['id', 'address_line_1', 'city', 'country'], optional: ['address_line_2', 'state', 'zip'] },
};

/** CEEB codes: six digits for high schools, four for colleges (some lists zero-pad to six). */
const ID_PATTERN: Readonly<Record<Category, { pattern: RegExp; description: string }>> = {
  hs_ceeb: { pattern: /^\d{6}$/, description: 'a 6-digit CEEB code' },
  college_ceeb: { pattern: /^\d{4,6}$/, description: 'a 4- to 6-digit CEEB code' },
  address: { pattern: /^[A-Za-z0-9._:-]{1,64}$/, description: 'up to 64 letters, digits, or . _ : -' },
};

const MAX_LENGTH: Readonly<Record<string, number>> = {
  name: 120,
  address_line_1: 120,
  address_line_2: 120,
  city: 60,
  state: 60,
  zip: 12,
};

/** Bounds the memory a Lambda needs for one category (≈ 300 bytes a record indexed). */
export const MAX_ROWS = 500_000;

export interface RowProblem {
  line: number;
  message: string;
}

export interface DatasetResult {
  records: LookupRecord[];
  errors: RowProblem[];
  /** Not fatal: ignored columns. */
  warnings: string[];
}

const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

function checkZip(country: string, zip: string): string | undefined {
  if (zip === '') return undefined;
  if (country === 'USA' && !/^\d{5}(-\d{4})?$/.test(zip)) return `zip "${zip}" is not a US ZIP code (12345 or 12345-6789)`;
  if (country === 'CAN' && !/^[A-Z]\d[A-Z] \d[A-Z]\d$/.test(zip)) return `zip "${zip}" is not a Canadian postal code (A1A 1A1)`;
  return undefined;
}

function toRecord(category: Category, get: (column: string) => string): { record?: LookupRecord; problems: string[] } {
  const problems: string[] = [];
  const id = get(category === 'address' ? 'id' : 'ceeb');
  const country = get('country').toUpperCase();
  let state = get('state');
  let zip = get('zip');

  const idRule = ID_PATTERN[category];
  if (!idRule.pattern.test(id)) problems.push(`${category === 'address' ? 'id' : 'ceeb'} "${id}" must be ${idRule.description}`);
  for (const column of COLUMNS[category].required) if (get(column) === '') problems.push(`${column} is empty`);
  for (const [column, max] of Object.entries(MAX_LENGTH)) {
    if (get(column).length > max) problems.push(`${column} is longer than ${max} characters`);
  }
  if (country !== '' && !countryName(country)) problems.push(`country "${country}" is not an ISO 3166-1 three-letter code (USA, CAN, GBR…)`);
  const states = stateListFor(country);
  if (states) {
    state = state.toUpperCase();
    if (!states.has(state)) problems.push(state === '' ? `state is empty (required for ${country})` : `state "${state}" is not a ${country} state code`);
    if (country === 'CAN') zip = zip.toUpperCase().replace(/^([A-Z]\d[A-Z])\s*(\d[A-Z]\d)$/, '$1 $2');
  }
  const zipProblem = checkZip(country, zip);
  if (zipProblem) problems.push(zipProblem);
  if (problems.length > 0) return { problems };

  const name = category === 'address' ? '' : get('name');
  const address_line_2 = category === 'address' ? get('address_line_2') : '';
  return { record: { id, name, address_line_1: get('address_line_1'), address_line_2, city: get('city'), state, zip, country }, problems };
}

export function parseDataset(text: string, category: Category): DatasetResult {
  const result: DatasetResult = { records: [], errors: [], warnings: [] };
  let rows;
  try {
    rows = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return { ...result, errors: [{ line: error.line, message: error.message }] };
    throw error;
  }
  const [header, ...data] = rows;
  if (!header) return { ...result, errors: [{ line: 1, message: 'the file is empty' }] };

  const names = header.fields.map((f) => clean(f).toLowerCase());
  const spec = COLUMNS[category];
  const missing = spec.required.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    const expected = [...spec.required, ...spec.optional].join(', ');
    return { ...result, errors: [{ line: header.line, message: `missing column(s) ${missing.join(', ')}; ${category} files have columns ${expected}` }] };
  }
  const known = new Set([...spec.required, ...spec.optional]);
  const ignored = names.filter((n) => !known.has(n));
  if (ignored.length > 0) result.warnings.push(`ignored column(s): ${ignored.join(', ')}`);
  if (data.length === 0) return { ...result, errors: [{ line: header.line, message: 'the file has a header but no rows' }] };
  if (data.length > MAX_ROWS)
    return { ...result, errors: [{ line: header.line, message: `the file has ${data.length} rows; at most ${MAX_ROWS} are supported` }] };

  const columnIndex = new Map(names.map((n, i) => [n, i] as const));
  const firstLineOf = new Map<string, number>();
  for (const row of data) {
    if (row.fields.length !== names.length) {
      result.errors.push({ line: row.line, message: `expected ${names.length} fields, found ${row.fields.length}` });
      continue;
    }
    const get = (column: string) => {
      const i = columnIndex.get(column);
      return i === undefined ? '' : clean(row.fields[i]);
    };
    const { record, problems } = toRecord(category, get);
    if (!record) {
      result.errors.push({ line: row.line, message: problems.join('; ') });
      continue;
    }
    const seen = firstLineOf.get(record.id);
    if (seen !== undefined) {
      result.errors.push({ line: row.line, message: `duplicate id ${record.id} (first on line ${seen})` });
      continue;
    }
    firstLineOf.set(record.id, row.line);
    result.records.push(record);
  }
  if (result.errors.length > 0) result.records = [];
  return result;
}
