/**
 * docs/deploy.md against the app: the context keys it documents are exactly those the app
 * reads, the outputs exactly those the stack emits, its example deploy command synthesizes, and
 * the throttles it quotes are the ones synthesized at the defaults.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { deriveLimits } from '#cdk/capacity';
import { CONTEXT_KEYS, readSettings, REPO_ROOT } from '#cdk/settings';
import { synth } from './harness';

const guide = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'deploy.md'), 'utf8');

/** The names in backticks in the first column of the table under a heading. */
function firstColumn(heading: string): string[] {
  const section = guide.split(/^## /m).find((s) => s.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/deploy.md has no section ${heading}`);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
}

/** Every key the app asks its context for: the settings' reads and bin/app.ts's own. */
function keysTheAppReads(): string[] {
  const read = new Set<string>();
  readSettings((key) => void read.add(key));
  const app = fs.readFileSync(path.join(REPO_ROOT, 'bin', 'app.ts'), 'utf8');
  for (const m of app.matchAll(/tryGetContext\('([^']+)'\)/g)) read.add(m[1]!);
  return [...read].sort();
}

describe('docs/deploy.md', () => {
  it('documents every context key the app reads, and no other', () => {
    expect(keysTheAppReads()).toEqual([...CONTEXT_KEYS].sort());
    expect(firstColumn('Context keys').sort()).toEqual([...CONTEXT_KEYS].sort());
  });

  it('documents every output the stack emits, and no other', () => {
    const { template } = synth();
    expect(firstColumn('Outputs').sort()).toEqual(Object.keys(template.toJSON().Outputs as object).sort());
  });

  it('has a deploy example that synthesizes as written (on a synth without credentials, too)', () => {
    const example = /```sh\n(npx cdk deploy[^`]*)```/.exec(guide)?.[1];
    expect(example).toBeDefined();
    const context = Object.fromEntries([...example!.matchAll(/-c (\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
    expect(Object.keys(context)).toContain('sesRegion');
    expect(() => synth(context)).not.toThrow();
  });

  it('quotes the throttles as synthesized at the defaults', () => {
    const limits = deriveLimits(readSettings(() => undefined).capacity);
    const n = (x: number) => x.toLocaleString('en-US');
    expect(guide).toContain(`stage ${n(limits.stage.rateLimit)} requests/s (burst\n  ${n(limits.stage.burstLimit)})`);
    expect(guide).toContain(`sign-up ${limits.routes.signUp!.rateLimit}/s`);
    expect(guide).toContain(`login ${limits.routes.logIn!.rateLimit}/s`);
  });
});
