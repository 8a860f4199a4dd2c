/**
 * Every refusal an applicant's route can send is in the server part of the catalogs (issue 41,
 * item 3): the modules each applicant-facing handler bundles (lambdas/http/api-*, public-*,
 * lookup-*, unsubscribe-*, service-*; esbuild's module graph, as the Lambdas are built) are read
 * with TypeScript, and the message of each `new <refusal>(…)` (a literal, a template, or a
 * constant whose type is its words) must be found by form/i18n/server-words.ts, which says it in
 * the applicant's language; an unknown one would go out in English. A template's `${…}` stands
 * for any words, as the catalog's `{placeholder}` does. Messages of the office's routes that
 * modules shared with applicant routes also throw stay English (the staff console is English).
 */
import { readdirSync } from 'node:fs';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { translateServerMessage } from '#form/i18n/server-words';

/** The classes whose message becomes a reply's `message` (lambdas/domain/errors.ts, the wire's InputError). */
const REFUSALS = new Set([
  'Invalid',
  'Unauthorized',
  'Forbidden',
  'NotFound',
  'Conflict',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'TooManyRequests',
  'InputError',
]);

/** Modules of the office's routes alone, bundled beside applicant routes by a shared import. */
const OFFICE_MODULES = ['form/wire/staff.ts', 'form/wire/decisions.ts', 'form/wire/duplicates.ts', 'lambdas/domain/settings/'];
/** Messages of the office's routes in modules applicant routes share (the office's words: English). */
const OFFICE_MESSAGES = new Set([
  'There is no submitted application with this id.',
  'This application is on hold (a legal or enrolment hold), so it cannot be erased. Lift the hold first if it no longer applies, then erase it.',
  'No erasure of this applicant was started: the retention function finishes only an erasure already begun.',
  'This application has no converted document for this question.',
  'The application PDF is not ready yet. Go back and try again in a minute.',
  'There is no temporary link with this id, or it was revoked already.',
  'The address ends with the suppressed e-mail address, like /staff/api/suppressions/name@example.com.',
  'That address is not on the suppression list.',
  'Say why this application is erased.',
  'Say why in at most 500 characters.',
  'Say whether to place the hold (true) or lift it (false).',
  'Say why in at most 200 characters.',
  'Say why this application is held (a short sentence, e.g. a case number).',
]);
/** Templates whose words change inside a word (`field${s}`): the catalog holds each form, checked below. */
const BY_HAND = new Map([['Unknown fieldX: X.', ['Unknown field: first_name.', 'Unknown fields: first_name, last_name.']]]);

const HANDLERS = readdirSync('lambdas/http')
  .filter((f) => /^(api|public|lookup|unsubscribe|service)-.*\.ts$/.test(f) && !f.includes('.test.'))
  .map((f) => `lambdas/http/${f}`);

interface Thrown {
  file: string;
  text: string;
}

async function applicantRefusals(): Promise<{ found: Thrown[]; unread: Thrown[] }> {
  const out = await build({
    entryPoints: HANDLERS,
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    outdir: 'out',
    logLevel: 'silent',
  });
  const files = Object.keys(out.metafile.inputs).filter((f) => /^(lambdas|form)\/.*\.ts$/.test(f) && !OFFICE_MODULES.some((m) => f.startsWith(m)));
  const config = ts.getParsedCommandLineOfConfigFile('tsconfig.node.json', {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
  const program = ts.createProgram(HANDLERS, config.options);
  const checker = program.getTypeChecker();
  const wordsOf = (arg: ts.Expression): string[] | undefined => {
    if (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) return [arg.text];
    if (ts.isTemplateExpression(arg)) return [arg.head.text + arg.templateSpans.map((s) => `X${s.literal.text}`).join('')];
    const type = checker.getTypeAtLocation(arg);
    const types = type.isUnion() ? type.types : [type];
    return types.every((t) => t.isStringLiteral()) ? types.map((t) => t.value) : undefined;
  };
  const found: Thrown[] = [];
  const unread: Thrown[] = [];
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && REFUSALS.has(node.expression.text) && node.arguments?.[0]) {
        const words = wordsOf(node.arguments[0]);
        if (words) found.push(...words.map((text) => ({ file, text })));
        else unread.push({ file, text: node.arguments[0].getText() });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { found, unread };
}

describe('the applicant routes’ refusals', () => {
  it('are each in the catalog, so they are said in Spanish and Arabic', { timeout: 120_000 }, async () => {
    const { found, unread } = await applicantRefusals();
    // The check reaches far: over a hundred refusals, nearly all of them read.
    expect(found.length).toBeGreaterThan(100);
    expect(unread.length).toBeLessThan(found.length / 4);
    const said = found.flatMap((m) => (BY_HAND.get(m.text) ?? [m.text]).map((text) => ({ ...m, text })));
    const untranslated = said.filter(
      (m) => !OFFICE_MESSAGES.has(m.text) && (translateServerMessage('es', m.text) === m.text || translateServerMessage('ar', m.text) === m.text),
    );
    expect(untranslated.map((m) => `${m.file}: ${m.text}`)).toEqual([]);
  });
});
