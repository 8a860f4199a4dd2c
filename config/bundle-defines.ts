/**
 * The bundlers' view of an institution: each section of the compiled file as a constant that
 * replaces `globalThis.__INSTITUTION__.<section>` in the code (Vite's and esbuild's `define`), so
 * a chunk or a Lambda carries only the sections its modules read.
 */
import { LANGUAGES } from '../form/i18n/languages';
import type { InstitutionSections } from '../form/types';

/**
 * A define's JSON, with `$` and backquotes escaped: CDK passes the defines through a shell when it
 * bundles in Docker, where they would expand (JSON and JavaScript read the escapes back).
 */
const shellSafe = (json: string) => json.replace(/[$`]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

export function institutionDefines(sections: InstitutionSections): Record<string, string> {
  const { translations, ...rest } = sections;
  const define = (name: string, value: unknown): [string, string] => [`globalThis.__INSTITUTION__.${name}`, shellSafe(JSON.stringify(value))];
  return Object.fromEntries([
    ...Object.entries(rest).map(([name, value]) => define(name, value)),
    // A define per language: the module of a language's table (form/i18n/institution/) carries that language's alone.
    ...LANGUAGES.map(({ code }) => define(`translations.${code}`, translations[code] ?? {})),
  ]);
}
