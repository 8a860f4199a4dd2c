/**
 * `npm run lint`: every check, in two lanes side by side. Each tool is single-threaded and
 * ESLint (type-aware, ≈ 200 s on two cores from a fresh clone) takes about as long as the others
 * together (Prettier, knip and the three TypeScript projects, ≈ 150 s), so one after the other
 * left a core idle for the whole lint: `npm test` starts its tests that much sooner.
 *
 * Every step runs even when an earlier one failed, so one run shows every problem; each step's
 * output is printed whole when it ends, under its name and time, and the exit code is 1 if any
 * failed. `npm run lint -- --list` prints the steps (test/unit/lint-failures.test.ts reads them).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LintStep {
  name: string;
  /** A binary of node_modules/.bin and its arguments. */
  command: string;
  args: readonly string[];
}

const ROOT = resolve(import.meta.dirname, '..');

/** `npm run typecheck`'s commands (package.json: its one home), each a step: `tsc -p X && tsc -p Y && …`. */
function typecheckSteps(): LintStep[] {
  const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (scripts.typecheck ?? '').split('&&').map((part) => {
    const [command = '', ...args] = part.trim().split(/\s+/);
    return { name: `TypeScript (${args.join(' ')})`, command, args };
  });
}

/** The lanes: the steps of one lane run one after another, the lanes at the same time. */
export const LINT_LANES: readonly (readonly LintStep[])[] = [
  [{ name: 'ESLint', command: 'eslint', args: ['.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'] }],
  [{ name: 'Prettier', command: 'prettier', args: ['--check', '.', '--log-level', 'warn'] }, { name: 'knip', command: 'knip', args: [] }, ...typecheckSteps()],
];

interface Outcome {
  step: LintStep;
  ok: boolean;
  seconds: number;
}

function run(step: LintStep): Promise<Outcome> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', step.command), step.args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    const finish = (ok: boolean, extra = '') => {
      const seconds = (performance.now() - started) / 1000;
      // Printed whole when the step ends: the two lanes' lines never interleave.
      process.stdout.write(`${ok ? '✓' : '✗'} ${step.name} (${seconds.toFixed(1)} s)\n${Buffer.concat(output).toString()}${extra}`);
      done({ step, ok, seconds });
    };
    child.on('error', (error) => finish(false, `${error.message}\n`));
    child.on('close', (code) => finish(code === 0));
  });
}

async function lane(steps: readonly LintStep[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const step of steps) outcomes.push(await run(step));
  return outcomes;
}

async function main(): Promise<void> {
  if (process.argv.includes('--list')) {
    for (const step of LINT_LANES.flat()) process.stdout.write(`${[step.command, ...step.args].join(' ')}\n`);
    return;
  }
  const started = performance.now();
  const outcomes = (await Promise.all(LINT_LANES.map(lane))).flat();
  const failed = outcomes.filter((o) => !o.ok).map((o) => o.step.name);
  const total = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(failed.length ? `Lint failed (${total} s): ${failed.join(', ')}\n` : `Lint passed (${total} s)\n`);
  process.exitCode = failed.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
