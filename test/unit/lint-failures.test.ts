import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import { parser } from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { boundaries } from '../../eslint.config.js';
import { LINT_LANES } from '../../scripts/lint';

/**
 * `npm run lint` fails on each of the three kinds of rot it is there for, fed one each: an
 * unformatted file (Prettier), an unused export (knip) and an import cycle made only of types
 * (ESLint). Each tool runs with the repository's own configuration; each case also checks that
 * the lint script still runs the tool.
 */
const ROOT = join(import.meta.dirname, '../..');
const LINT_SCRIPT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.lint ?? '';
/** The commands `npm run lint` runs (scripts/lint.ts's lanes), one a line. */
const LINT =
  LINT_SCRIPT === 'tsx scripts/lint.ts'
    ? LINT_LANES.flat()
        .map((s) => [s.command, ...s.args].join(' '))
        .join('\n')
    : '';
const scratch: string[] = [];

/** A scratch project with these files, removed after the tests. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lint-failures-'));
  scratch.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

describe('npm run lint fails on', () => {
  it('an unformatted file', async () => {
    expect(LINT).toMatch(/^prettier --check \.(\s|$)/m);
    // A file of the repository as Prettier sees it there: not ignored, with the repository's options.
    const path = join(ROOT, 'lambdas/domain/formatting-probe.ts');
    expect((await prettier.getFileInfo(path, { ignorePath: join(ROOT, '.prettierignore') })).ignored).toBe(false);
    const options = { ...(await prettier.resolveConfig(path)), filepath: path };
    const formatted = "export const probe = { answer: 'yes' };\n";
    expect(await prettier.check(formatted, options)).toBe(true);
    expect(await prettier.check('export const probe = {answer:"yes"}\n', options)).toBe(false);
  });

  // knip starts in about a second; more on a busy machine.
  it('an unused export', { timeout: 60_000 }, async () => {
    expect(LINT).toMatch(/^knip$/m);
    const dir = project({
      'package.json': JSON.stringify({ name: 'knip-probe', private: true, type: 'module' }),
      // A Lambda's entry (an entry of knip.jsonc) using one of its domain module's two exports.
      'lambdas/http/probe.ts': "import { used } from '../domain/rule';\n\nexport const handler = () => used;\n",
      'lambdas/domain/rule.ts': 'export const used = 1;\nexport const forgotten = 2;\n',
    });
    copyFileSync(join(ROOT, 'knip.jsonc'), join(dir, 'knip.jsonc'));
    const knip = promisify(execFile)(process.execPath, [join(ROOT, 'node_modules/knip/bin/knip.js'), '--no-progress', '--no-config-hints'], { cwd: dir });
    await expect(knip).rejects.toMatchObject({ stdout: expect.stringMatching(/Unused exports \(1\)\s+forgotten\s+lambdas\/domain\/rule\.ts/) });
  });

  it('an import cycle, even one made only of types', { timeout: 30_000 }, async () => {
    expect(LINT).toMatch(/^eslint \. --max-warnings 0/m);
    // The rule is on, as an error, for the repository's TypeScript files.
    const config = (await new ESLint({ cwd: ROOT }).calculateConfigForFile(join(ROOT, 'form/contract.ts'))) as { rules: Record<string, unknown[]> };
    expect(config.rules['local/no-import-cycle']?.[0]).toBe(2);
    // ...and reports a cycle of `import type` (import-x/no-cycle skips those).
    const a = "import type { B } from './b';\n\nexport interface A {\n  b?: B;\n}\n";
    const dir = project({
      'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true }, include: ['**/*'] }),
      'lambdas/domain/a.ts': a,
      'lambdas/domain/b.ts': "import type { A } from './a';\n\nexport interface B {\n  a?: A;\n}\n",
    });
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser } }, ...boundaries(dir)],
    });
    const [result] = await eslint.lintText(a, { filePath: join(dir, 'lambdas/domain/a.ts') });
    expect(result?.messages.map((m) => `${m.ruleId ?? ''}: ${m.message}`)).toEqual([
      expect.stringContaining('local/no-import-cycle: Import cycle: lambdas/domain/a.ts → lambdas/domain/b.ts → lambdas/domain/a.ts'),
    ]);
  });
});
