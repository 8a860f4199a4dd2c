/**
 * The translators' commands (issue 41 item 5), over form/i18n/catalogs:
 *   npm run i18n -- status          each language's completeness (%), its pending and missing ids
 *   npm run i18n -- export LANG     LANG's CSV on standard output (id, English, LANG)
 *   npm run i18n -- import FILE     a translator's CSV into LANG's catalog (then compiles)
 *   npm run i18n -- compile         the compiled catalogs the app loads (form/i18n/compiled/)
 * A missing translation fails status (exit 1) unless its id is in catalogs/pending.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { catalogModule, compileCatalog, exportCsv, importCsv, languageStatus, statusLine, type Catalog, type Pending } from '../form/i18n/catalog-tools';
import { compiledTextKey } from '../form/i18n/form-words';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, PSEUDO_LOCALE } from '../form/i18n/languages';
import { CATALOG_PARTS, compiledPath, inEnglishFormPart, partsOf, type CatalogPart } from '../form/i18n/parts';
import { pseudoText } from '../form/i18n/pseudo-text';

const DIR = resolve(import.meta.dirname, '../form/i18n');
const CATALOGS = join(DIR, 'catalogs');
const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;
const catalogFile = (code: string) => join(CATALOGS, `${code}.json`);
export const readCatalog = (code: string): Catalog => readJson<Catalog>(catalogFile(code));
export const readPending = (): Pending => readJson<Pending>(join(CATALOGS, 'pending.json'));
const writeJson = (file: string, value: unknown) => writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
const TRANSLATED = LANGUAGES.map((l) => l.code).filter((c) => c !== DEFAULT_LANGUAGE);

/** A compiled module's file, by its path relative to form/i18n/compiled/ (form/i18n/parts.ts). */
export const compiledFile = (relative: string) => join(DIR, 'compiled', relative);

const onlyPart = (catalog: Catalog, part: CatalogPart): Catalog => Object.fromEntries(Object.entries(catalog).filter(([id]) => partsOf(id).includes(part)));

/** Each compiled module's text, formatted as the repository keeps it, by its path relative to compiled/ (one per part and code). */
export async function compiledModules(): Promise<Record<string, string>> {
  const english = readCatalog(DEFAULT_LANGUAGE);
  const modules: Record<string, string> = {};
  const formatted = async (path: string, text: string) => format(text, { ...(await resolveConfig(compiledFile(path))), filepath: compiledFile(path) });
  for (const part of CATALOG_PARTS) {
    const source = onlyPart(english, part);
    for (const { code } of LANGUAGES) {
      // English's form part: the model's words are their own English (form/i18n/parts.ts).
      const ids = part === 'form' && code === DEFAULT_LANGUAGE ? Object.fromEntries(Object.entries(source).filter(([id]) => inEnglishFormPart(id))) : source;
      modules[compiledPath(part, code)] = await formatted(
        compiledPath(part, code),
        catalogModule(code, compileCatalog(ids, readCatalog(code), undefined, compiledTextKey)),
      );
    }
    // The pseudo-locale is the browser's (development), so the server's part has none.
    if (part !== 'server')
      modules[compiledPath(part, PSEUDO_LOCALE)] = await formatted(
        compiledPath(part, PSEUDO_LOCALE),
        catalogModule(PSEUDO_LOCALE, compileCatalog(source, {}, pseudoText, compiledTextKey)),
      );
  }
  return modules;
}

async function compileAll(): Promise<void> {
  for (const [path, text] of Object.entries(await compiledModules())) {
    mkdirSync(dirname(compiledFile(path)), { recursive: true });
    writeFileSync(compiledFile(path), text);
  }
}

function status(): number {
  const source = readCatalog(DEFAULT_LANGUAGE);
  const pending = readPending();
  console.log(`${DEFAULT_LANGUAGE}  100 %  ${Object.keys(source).length}/${Object.keys(source).length}  (source)`);
  let failed = false;
  for (const code of TRANSLATED) {
    const s = languageStatus(code, source, readCatalog(code), pending[code]);
    console.log(statusLine(s));
    if (s.extra.length) console.log(`    not in English (remove): ${s.extra.join(', ')}`);
    failed ||= s.missing.length > 0;
  }
  return failed ? 1 : 0;
}

async function importFile(file: string): Promise<number> {
  const source = readCatalog(DEFAULT_LANGUAGE);
  const { language, translations, empty } = importCsv(readFileSync(file, 'utf8'), source);
  if (!isLanguage(language) || language === DEFAULT_LANGUAGE) throw new Error(`"${language}" is not a translated language (${TRANSLATED.join(', ')})`);
  const merged: Record<string, string> = {};
  const current = readCatalog(language);
  // Source order; a cell left empty keeps what the catalog had.
  for (const k of Object.keys(source)) {
    const value = translations[k] ?? current[k];
    if (value !== undefined) merged[k] = value;
  }
  writeJson(catalogFile(language), merged);
  const pending = { ...readPending() };
  pending[language] = (pending[language] ?? []).filter((k) => !(k in translations)).concat(empty.filter((k) => !(k in merged)));
  writeJson(join(CATALOGS, 'pending.json'), pending);
  console.log(`${language}: ${Object.keys(translations).length} translations imported, ${empty.length} empty in the file`);
  await compileAll();
  return status();
}

async function main(args: string[]): Promise<number> {
  const [command, arg] = args;
  switch (command) {
    case 'status':
      return status();
    case 'export':
      if (!isLanguage(arg) || arg === DEFAULT_LANGUAGE) throw new Error(`usage: npm run i18n -- export ${TRANSLATED.join('|')}`);
      process.stdout.write(exportCsv(arg, readCatalog(DEFAULT_LANGUAGE), readCatalog(arg)));
      return 0;
    case 'import':
      if (!arg) throw new Error('usage: npm run i18n -- import FILE.csv');
      return importFile(arg);
    case 'compile':
      await compileAll();
      return 0;
    default:
      console.error('usage: npm run i18n -- status | export LANG | import FILE | compile');
      return 2;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(`i18n: ${(error as Error).message}`);
      process.exitCode = 1;
    },
  );
}
