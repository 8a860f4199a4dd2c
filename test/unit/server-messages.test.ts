/**
 * Every refusal an applicant's route can send is in the server part of the catalogs (issue 41,
 * item 3): the modules each applicant-facing handler bundles (lambdas/http/api-*, public-*,
 * lookup-*, unsubscribe-*, service-*; esbuild's module graph, as the Lambdas are built) are read
 * with TypeScript, and the message of each `new <refusal>(…)` (a literal, a template, or a
 * constant whose type is its words) must be found by form/i18n/server-words.ts, which says it in
 * the applicant's language; an unknown one would go out in English. A template's `${…}` stands
 * for any words, as the catalog's `{placeholder}` does. Messages of the office's routes that
 * modules shared with applicant routes also throw stay English (the staff console is English).
 * A refusal whose words carry values each language says its own way (the application window's:
 * a date, the rounds still open) is worded per language (`new Conflict((language) => …)`): the
 * modules that throw one are listed, and each such refusal is made below and read in each language.
 */
import { readdirSync } from 'node:fs';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { loadInstitution, SAMPLE_INSTITUTION } from '#config/load';
import { installSections } from '#config/sections';
import { startApplication } from '#domain/applications/start-application';
import { acceptSubmission, assertOpenForWriting } from '#domain/cycles/application-window';
import { chicagoTimetable } from '#domain/cycles/timetables.test-support';
import { Conflict } from '#domain/errors';
import { APPLICANT_DECISION_MESSAGES } from '#domain/releases/applicant';
import { LANGUAGES } from '#form/i18n/languages';
import { serverWording, translateServerMessage } from '#form/i18n/server-words';

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

/** Read once for both tests (a build of every applicant handler). */
let read: ReturnType<typeof readRefusals> | undefined;
const applicantRefusals = () => (read ??= readRefusals());

async function readRefusals(): Promise<{ found: Thrown[]; unread: Thrown[]; worded: Set<string> }> {
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
  const worded = new Set<string>();
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (!source) continue;
    const visit = (node: ts.Node) => {
      if (ts.isNewExpression(node) && ts.isIdentifier(node.expression) && REFUSALS.has(node.expression.text) && node.arguments?.[0]) {
        const arg = node.arguments[0];
        const words = wordsOf(arg);
        if (words) found.push(...words.map((text) => ({ file, text })));
        else if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) worded.add(file);
        else unread.push({ file, text: arg.getText() });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { found, unread, worded };
}

/** The modules throwing refusals worded per language, and every such refusal they can make, made. */
const WORDED = [
  'lambdas/domain/answer-save.ts',
  'lambdas/domain/applications/start-application.ts',
  'lambdas/domain/cycles/application-window.ts',
  'lambdas/domain/releases/applicant.ts',
];
const rounds = chicagoTimetable([
  { id: 'ea', label: 'Early Action', deadline: '2026-11-01', lateDays: 3, decisionDate: '2026-12-15', replyBy: '2027-05-01' },
  { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' },
]);
const at = (iso: string) => new Date(iso);
const WINDOW_REFUSALS: Record<string, () => unknown> = {
  'not open yet': () => assertOpenForWriting(rounds, at('2026-07-01T12:00:00Z')),
  'closed, the next cycle named': () => assertOpenForWriting(rounds, at('2027-02-01T12:00:00Z')),
  'closed, no cycle after it': () => assertOpenForWriting(rounds, at('2028-02-01T12:00:00Z')),
  'last cycle’s, kept as it was': () => assertOpenForWriting(rounds, at('2027-09-01T12:00:00Z'), '2027'),
  'not open at all': () => assertOpenForWriting({ ...rounds, cycles: [] }, at('2027-02-01T12:00:00Z')),
  'the deadline passed': () => acceptSubmission(rounds, { application_round: 'ea' }, at('2026-12-01T12:00:00Z')),
  'the deadline passed, with a late window': () =>
    acceptSubmission(
      { ...rounds, cycles: [{ ...rounds.cycles[0]!, rounds: [{ ...rounds.cycles[0]!.rounds[0]!, lateDays: 40 }, rounds.cycles[0]!.rounds[1]!] }] },
      { application_round: 'ea' },
      at('2027-01-01T12:00:00Z'),
    ),
  'not a round of the cycle': () => acceptSubmission(rounds, { application_round: 'zz' }, at('2026-12-01T12:00:00Z')),
};

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

  it('worded per language are thrown only where listed, and each is said from the catalog in Spanish and Arabic', { timeout: 120_000 }, async () => {
    const { worded } = await applicantRefusals();
    expect([...worded].sort()).toEqual(WORDED);
    // The start's refusal is the window's (a start when none is open).
    await expect(
      startApplication({ timetable: { ...rounds, cycles: [] } } as unknown as Parameters<typeof startApplication>[0], 'sub', at('2027-02-01T12:00:00Z')),
    ).rejects.toBeInstanceOf(Conflict);
    for (const [name, refuse] of Object.entries(WINDOW_REFUSALS)) {
      let refusal: unknown;
      try {
        refuse();
      } catch (error) {
        refusal = error;
      }
      expect(refusal, name).toBeInstanceOf(Conflict);
      const { message, inLanguage } = refusal as Conflict;
      expect(inLanguage, name).toBeDefined();
      expect(inLanguage!('en'), name).toBe(message);
      for (const { code } of LANGUAGES.filter((l) => l.code !== 'en')) {
        const said = inLanguage!(code);
        expect(said, `${name} in ${code}`).not.toBe(message);
        // No id instead of words, and no English date or clock around the values.
        expect(said, `${name} in ${code}`).not.toMatch(/window\.|January|February|July|August|December|\b[ap]m\b|Central Time|application/);
      }
    }
  });

  it('of a reply to a decision name the day and the reply in the language (worded per language)', () => {
    const { expired, tooLate, alreadyReplied } = APPLICANT_DECISION_MESSAGES;
    const made = (language: 'en' | 'es' | 'ar') => [
      expired('2027-05-01', 'help@example.edu', language),
      expired(undefined, 'help@example.edu', language),
      tooLate('2027-05-01', 'help@example.edu', language),
      alreadyReplied('join_waitlist', '2027-04-02T10:00:00.000Z', language),
    ];
    // English: the spec's words, as before.
    expect(made('en')).toEqual([
      'Your offer expired: no reply was received by May 1, 2027. Write to help@example.edu if you still wish to reply.',
      'Your offer expired: no reply was received. Write to help@example.edu if you still wish to reply.',
      'Replies were accepted until May 1, 2027. Write to help@example.edu if you still wish to reply.',
      'You have already replied (Join the waitlist, 2027-04-02). A reply cannot be changed here: write to the admissions office.',
    ]);
    expect(made('es')[0]).toContain('1 de mayo de 2027');
    expect(made('es')[3]).toContain('(Unirse a la lista de espera, 2 de abril de 2027)');
    for (const code of ['es', 'ar'] as const) for (const said of made(code)) expect(said, code).not.toMatch(/server\.|May|April|reply|waitlist|Your|Write/);
  });

  it('name the institution’s rounds and cycles as its file gives them in the language', () => {
    const installed = globalThis.__INSTITUTION__;
    // The sample file's own labels (the harness's timetable gives its rounds no translation).
    installSections({ ...installed, serverTexts: loadInstitution(SAMPLE_INSTITUTION).sections.serverTexts });
    try {
      let refusal: unknown;
      try {
        acceptSubmission(rounds, { application_round: 'ea' }, at('2026-12-01T12:00:00Z'));
      } catch (error) {
        refusal = error;
      }
      const { message, inLanguage } = refusal as Conflict;
      expect(message).toMatch(/^The Early Action deadline was .*Regular Decision, the round still open,/);
      expect(inLanguage!('es')).toMatch(/^La fecha límite de Acción Temprana fue el .*Decisión Regular/);
      expect(inLanguage!('ar')).toContain('القبول المبكر غير الملزم');
      expect(inLanguage!('ar')).toContain('القرار العادي');
      // A label the file does not know stays as written.
      expect(serverWording('es').label('Spring Transfer')).toBe('Spring Transfer');
    } finally {
      installSections(installed);
    }
  });
});
