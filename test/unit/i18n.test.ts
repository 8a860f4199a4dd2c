/**
 * The message catalogs (issue 41): every English id translated in every language or knowingly
 * pending, the compiled catalogs the app loads up to date, and the translators' commands.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '#form/account-rules';
import { compileCatalog, exportCsv, importCsv, languageStatus, placeholders, statusLine } from '#form/i18n/catalog-tools';
import { compiledTextKey } from '#form/i18n/form-words';
import { DEFAULT_LANGUAGE, LANGUAGES, pickLanguage, PSEUDO_LOCALE } from '#form/i18n/languages';
import { CATALOG_PARTS, compiledPath, partOf, partsOf } from '#form/i18n/parts';
import { pseudoText } from '#form/i18n/pseudo-text';
import { PASSWORD_MIN_LENGTH, passwordRules } from '#form/passwords';
import { compiledFile, compiledModules, readCatalog, readPending } from '../../scripts/i18n';

const english = readCatalog(DEFAULT_LANGUAGE);
const translated = LANGUAGES.map((l) => l.code).filter((c) => c !== DEFAULT_LANGUAGE);

describe('the catalogs', () => {
  it.each(translated)('%s has every English id, or marks it pending in catalogs/pending.json', (code) => {
    const status = languageStatus(code, english, readCatalog(code), readPending()[code]);
    expect(status.missing, `translate these or add them to pending.json under "${code}"`).toEqual([]);
    expect(status.extra, 'ids no longer in English').toEqual([]);
  });

  it.each(translated)('%s keeps every placeholder and tag of the English message', (code) => {
    const catalog = readCatalog(code);
    for (const [id, message] of Object.entries(catalog)) expect(placeholders(message).sort(), id).toEqual(placeholders(english[id]!).sort());
  });

  it('words the account rules as they are (the cards find the message id by its English words)', () => {
    for (const [name, message] of Object.entries(ACCOUNT_MESSAGES)) expect(english[`account.${name}`], name).toBe(message);
    for (const rule of passwordRules) {
      expect(english[`password.error.${rule.id}`]!.replace('{min}', String(PASSWORD_MIN_LENGTH)), rule.id).toBe(rule.message);
    }
  });

  it("splits the catalog into parts by id, so the browser never loads the server's words", () => {
    expect(['shell.title', 'login.title', 'form.personal.firstName.label', 'server.notFound', 'mail.confirmation.subject', 'pdf.heading'].map(partOf)).toEqual([
      'app',
      'app',
      'form',
      'server',
      'server',
      'server',
    ]);
    // The status pages' and the recommendations' words load with their routes; what other pages show of them stays in the app part.
    expect(
      ['status.reply.final', 'recommend.done.close', 'status.nextApplication.title', 'recommend.section.loading', 'recommend.ownWaiver.yes'].map(partOf),
    ).toEqual(['status', 'recommend', 'app', 'app', 'app']);
    // The few server words the web also says by itself (no reply to carry them) are in both parts, under one id.
    expect(['server.sessionInvalid', 'server.window.closed', 'server.notFound'].map(partsOf)).toEqual([['server', 'app'], ['server', 'form'], ['server']]);
    expect(compiledPath('app', 'es')).toBe('es.ts');
    expect(compiledPath('server', 'ar')).toBe('server/ar.ts');
  });

  describe('compiled', () => {
    let modules: Record<string, string>;
    beforeAll(async () => {
      modules = await compiledModules();
    }, 60_000);
    it('form/i18n/compiled/ is what the catalogs compile to (run `npm run i18n -- compile`)', () => {
      for (const [path, text] of Object.entries(modules)) expect(readFileSync(compiledFile(path), 'utf8'), path).toBe(text);
      const codes = [...LANGUAGES.map((l) => l.code), PSEUDO_LOCALE];
      const browsers = (part: string, code: string) => part !== 'server' || code !== PSEUDO_LOCALE;
      expect(Object.keys(modules).sort()).toEqual(
        CATALOG_PARTS.flatMap((part) => codes.filter((code) => browsers(part, code)).map((code) => compiledPath(part, code))).sort(),
      );
    });
  });
});

describe('the catalog tools', () => {
  const source = { hello: 'Hello {name}!', link: 'Already have an account? <0>Sign in</0>', plain: 'Help' };

  it('counts a pending id as not translated but not missing, and a missing one as missing', () => {
    const s = languageStatus('es', source, { hello: '¡Hola, {name}!' }, ['link']);
    expect(s).toMatchObject({ total: 3, translated: 1, percent: 33, pending: ['link'], missing: ['plain'] });
    expect(statusLine(s)).toMatch(/^es {3}33 % {2}1\/3 {2}\(1 pending: link; 1 MISSING: plain\)$/);
    expect(languageStatus('es', source, { hello: 'a {name}', link: 'b <0>c</0>', plain: 'd' }).percent).toBe(100);
  });

  it('exports a CSV a spreadsheet reads and imports it back, commas, quotes, line breaks and Arabic included', () => {
    const translation = { hello: 'مرحبًا، {name}!', link: 'Ya tengo "cuenta", <0>entrar</0>\nsí' };
    const csv = exportCsv('ar', source, translation);
    expect(csv.startsWith('\uFEFFid,en,ar\r\n')).toBe(true);
    const back = importCsv(csv, source);
    expect(back).toEqual({ language: 'ar', translations: translation, empty: ['plain'] });
  });

  it('refuses a file that loses a placeholder, breaks the message format or names an unknown id', () => {
    expect(() => importCsv('id,en,es\r\nhello,x,Hola\r\n', source)).toThrow(/lacks \{name\}/);
    expect(() => importCsv('id,en,es\r\nhello,x,"Hola {name"\r\n', source)).toThrow(/not valid ICU/);
    expect(() => importCsv('id,en,es\r\nnope,x,y\r\n', source)).toThrow(/unknown message id "nope"/);
    expect(() => importCsv('key,text\r\n', source)).toThrow(/first row/);
  });

  it('falls back to English for an untranslated id when compiling', () => {
    const compiled = compileCatalog(source, { plain: 'Ayuda' });
    expect(compiled.plain).toEqual(['Ayuda']);
    expect(compiled.hello).toEqual(['Hello ', ['name'], '!']);
  });

  it("keys the compiled messages as told (the model texts' hashed keys), refusing two ids given one key", () => {
    expect(compileCatalog({ 'form.t.help': 'Help', 'form.ui.x': 'X' }, { 'form.t.help': 'Ayuda' }, undefined, compiledTextKey)).toEqual({
      [compiledTextKey('form.t.help')]: ['Ayuda'],
      'form.ui.x': ['X'],
    });
    expect(compiledTextKey('form.t.help')).toMatch(/^t\.[0-9a-z]+$/);
    expect(() => compileCatalog({ a: 'A', b: 'B' }, {}, undefined, () => 'k')).toThrow(/"b" and "a" compile to one key/);
  });

  it('makes the pseudo-locale accented and at least 40 % longer, tags and placeholders kept', () => {
    const text = pseudoText('Sign in now');
    expect(text).toMatch(/^Šîĝñ îñ ñöŵ·+$/);
    expect(text.length).toBeGreaterThanOrEqual(Math.ceil('Sign in now'.length * 1.4));
    expect(compileCatalog({ link: 'Go <0>there</0> {name}' }, {}, pseudoText).link).toEqual([expect.stringMatching(/^Ĝö <0>ţĥéŕé<\/0> ·+$/), ['name']]);
  });

  it("follows the browser's languages by their primary subtag, English otherwise", () => {
    expect(pickLanguage(['fr-FR', 'es-MX', 'en'])).toBe('es');
    expect(pickLanguage(['ar-EG'])).toBe('ar');
    expect(pickLanguage(['de', 'fr'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

// Each test starts the script in its own Node process (tsx): seconds on a loaded machine.
describe('npm run i18n', { timeout: 60_000 }, () => {
  const script = resolve(import.meta.dirname, '../../scripts/i18n.ts');
  const run = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });

  it("status prints each language's completeness", () => {
    const out = run('status');
    expect(out).toMatch(/^en {2}100 %/m);
    for (const code of translated) expect(out).toMatch(new RegExp(`^${code} +100 % +\\d+/\\d+$`, 'm'));
  });

  it('export LANG writes the language as CSV', () => {
    const out = run('export', 'es');
    expect(out.split('\r\n')[0]).toBe('\uFEFFid,en,es');
    expect(out).toContain('shell.skipLink,Skip to main content,Saltar al contenido principal');
    const dir = mkdtempSync(join(tmpdir(), 'i18n-'));
    writeFileSync(join(dir, 'es.csv'), out);
    expect(importCsv(readFileSync(join(dir, 'es.csv'), 'utf8'), english).translations).toEqual(readCatalog('es'));
  });
});
