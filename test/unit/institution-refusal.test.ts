/**
 * Every entry point refuses an institution's file with problems the same way, before it starts
 * anything: the file and each problem on stderr, exit 1, no stack trace. npm start's two steps
 * (local/preflight.ts, then local/main.ts), npm run start:bundled, the CDK app cdk synth runs,
 * the web build, and the test harness itself.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { SAMPLE_INSTITUTION } from '#config/load';

const ROOT = join(import.meta.dirname, '..', '..');
let dir: string;
let file: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'bad-institution-'));
  for (const name of ['logo.svg', 'favicon.ico']) copyFileSync(join(dirname(SAMPLE_INSTITUTION), name), join(dir, name));
  file = join(dir, 'institution.yaml');
  writeFileSync(
    file,
    readFileSync(SAMPLE_INSTITUTION, 'utf8').replace("primary: '#1d3c6e'", "primary: '#9db4d3'").replace('to study {major}.', 'to study {majr}.'),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // A port and a data folder of their own: nothing may start, but the preflight looks at them.
    const env = { ...process.env, INSTITUTION_CONFIG: file, PORT: '0', DATA_DIR: join(dir, 'data'), CDK_OUTDIR: join(dir, 'cdk.out') };
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const ENTRY_POINTS: [string, string, string[]][] = [
  ['npm start, its first step (local/preflight.ts)', process.execPath, ['--import', 'tsx', 'local/preflight.ts']],
  ['npm start, the stack (local/main.ts)', process.execPath, ['--import', 'tsx', 'local/main.ts']],
  ['npm run start:bundled (local/bundled/main.ts)', process.execPath, ['--import', 'tsx', 'local/bundled/main.ts']],
  ['cdk synth (bin/app.ts)', process.execPath, ['--import', 'tsx', 'bin/app.ts']],
  [
    'the web build (vite build)',
    process.execPath,
    [join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts', '--outDir', join(tmpdir(), 'never-built')],
  ],
  ['the test harness (vitest)', process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'domain', 'form/terms.test.ts']],
];

describe("an institution's file with problems", () => {
  const results = new Map<string, Promise<{ code: number | null; stdout: string; stderr: string }>>();
  beforeAll(() => {
    // All at once: each is a Node start-up and little else.
    for (const [name, command, args] of ENTRY_POINTS) results.set(name, run(command, args));
  });

  it.each(ENTRY_POINTS.map(([name]) => [name]))(
    'is refused by %s, naming the file and each problem, with no stack trace',
    async (name) => {
      const { code, stdout, stderr } = await results.get(name)!;
      expect(code, `${name}\n${stdout}\n${stderr}`).toBe(1);
      const output = stdout + stderr;
      expect(output).toContain(`The institution's configuration ${file} has 2 problems:`);
      expect(output).toMatch(
        new RegExp(
          `${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+ brand\\.colors\\.primary: #9db4d3 is too light for WCAG AA: .* Write a darker colour, for example '#[0-9a-f]{6}'\\.`,
        ),
      );
      expect(output).toMatch(/:\d+ decisions\.letters\.admit\.text: \{majr\} is not a placeholder a letter knows\. Write \{major\}, or one of/);
      expect(output).toContain(`check it with: npm run config -- check ${file}`);
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toMatch(/running at|Synthesizing/);
    },
    180_000,
  );
});
