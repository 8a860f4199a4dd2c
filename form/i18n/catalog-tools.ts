/**
 * What `npm run i18n` does with the catalogs, as pure functions (scripts/i18n.ts reads and writes
 * the files): completeness, the translators' CSV, the compiled catalogs the runtime loads, and
 * the pseudo-locale. Catalogs are flat maps of message id to ICU MessageFormat text; English
 * (catalogs/en.json) is the source and every other language's fallback.
 */
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

export type Catalog = Readonly<Record<string, string>>;
/** Per language, the ids whose translation is knowingly outstanding: they fall back to English. */
export type Pending = Readonly<Record<string, readonly string[]>>;

export interface LanguageStatus {
  language: string;
  total: number;
  translated: number;
  /** Whole per cent, rounded down: 100 only when nothing is missing. */
  percent: number;
  pending: string[];
  /** In English, neither translated nor marked pending: a failing test. */
  missing: string[];
  /** In this language but no longer in English: stale. */
  extra: string[];
}

export function languageStatus(language: string, source: Catalog, translation: Catalog, pending: readonly string[] = []): LanguageStatus {
  const keys = Object.keys(source);
  const has = (k: string) => typeof translation[k] === 'string' && translation[k].trim() !== '';
  const translated = keys.filter(has).length;
  return {
    language,
    total: keys.length,
    translated,
    percent: keys.length === 0 ? 100 : Math.floor((translated * 100) / keys.length),
    pending: keys.filter((k) => !has(k) && pending.includes(k)),
    missing: keys.filter((k) => !has(k) && !pending.includes(k)),
    extra: Object.keys(translation).filter((k) => !(k in source)),
  };
}

/** One line per language, as `npm run i18n -- status` prints it. */
export function statusLine(s: LanguageStatus): string {
  const notes = [
    s.pending.length ? `${s.pending.length} pending: ${s.pending.join(', ')}` : '',
    s.missing.length ? `${s.missing.length} MISSING: ${s.missing.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return `${s.language}  ${String(s.percent).padStart(3)} %  ${s.translated}/${s.total}${notes ? `  (${notes})` : ''}`;
}

// The translators' file: RFC 4180 CSV, UTF-8 with a byte-order mark so spreadsheets read the
// accents and the Arabic; columns id, English, the language. An empty cell is a pending one.
const BOM = '\uFEFF';
const cell = (v: string) => (/[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v);

export function exportCsv(language: string, source: Catalog, translation: Catalog): string {
  const rows = [['id', 'en', language], ...Object.keys(source).map((k) => [k, source[k]!, translation[k] ?? ''])];
  return BOM + rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let value = '';
  let quoted = false;
  const input = text.startsWith(BOM) ? text.slice(1) : text;
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        value += '"';
        i++;
      } else if (c === '"') quoted = false;
      else value += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(value);
      value = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      row.push(value);
      rows.push(row);
      row = [];
      value = '';
    } else value += c;
  }
  if (value !== '' || row.length) rows.push([...row, value]);
  return rows.filter((r) => r.some((v) => v !== ''));
}

export interface ImportedCsv {
  language: string;
  /** The non-empty translations, by id. */
  translations: Record<string, string>;
  /** Ids left empty in the file (pending). */
  empty: string[];
}

/** Reads a file made by exportCsv (and filled in by a translator); throws, naming the problem, on one it cannot trust. */
export function importCsv(text: string, source: Catalog): ImportedCsv {
  const [header, ...rows] = parseCsv(text);
  if (!header || header.length < 3 || header[0] !== 'id' || header[1] !== 'en') throw new Error('the first row must be: id,en,<language>');
  const language = header[2]!.trim();
  const translations: Record<string, string> = {};
  const empty: string[] = [];
  for (const [id = '', , translation = ''] of rows) {
    if (!(id in source)) throw new Error(`unknown message id "${id}" (not in the English catalog)`);
    if (translation.trim() === '') {
      empty.push(id);
      continue;
    }
    try {
      compileMessageOrThrow(translation);
    } catch (error) {
      throw new Error(`"${id}": not valid ICU MessageFormat (${(error as Error).message})`);
    }
    const lost = placeholders(source[id]!).filter((p) => !placeholders(translation).includes(p));
    if (lost.length) throw new Error(`"${id}": the translation lacks ${lost.join(', ')}`);
    translations[id] = translation;
  }
  return { language, translations, empty };
}

/**
 * The {names} and <n> tags a message uses: a translation must keep every one. A name is followed
 * by `}` or `,` (`{count, plural, …}`); a plural's branch whose words start it (`other {one of…}`) is no name.
 */
export function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => `{${m[1]}}`);
  const tags = [...message.matchAll(/<(\d+)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...names, ...tags])];
}

/**
 * The runtime's catalog: each English id (or the shorter key `keyOf` gives it), the language's
 * message or (pending) English, compiled. Two ids given one key are refused.
 */
export function compileCatalog(
  source: Catalog,
  translation: Catalog,
  mapText?: (text: string) => string,
  keyOf: (id: string) => string = (id) => id,
): Record<string, CompiledMessage> {
  const compiled: Record<string, CompiledMessage> = {};
  const idOf = new Map<string, string>();
  for (const id of Object.keys(source)) {
    const key = keyOf(id);
    if (idOf.has(key)) throw new Error(`"${id}" and "${idOf.get(key)}" compile to one key (${key}): reword one`);
    idOf.set(key, id);
    compiled[key] = compileMessageOrThrow(translation[id]?.trim() ? translation[id] : source[id]!, mapText);
  }
  return compiled;
}

/** The compiled catalog as a TypeScript module (form/i18n/compiled/<code>.ts), which web and Lambdas import alike. */
export function catalogModule(code: string, compiled: Record<string, CompiledMessage>): string {
  return [
    `// Generated by \`npm run i18n -- compile\` from form/i18n/catalogs: do not edit (${code}).`,
    `import type { Messages } from '@lingui/core';`,
    '',
    `export const messages: Messages = ${JSON.stringify(compiled, null, 1)};`,
    '',
  ].join('\n');
}
