/**
 * `npm run seed -- --applicants N [--submitted] [--decided] [--seed 42] [--concurrency 4] [--url URL]`
 *   Fills the running `npm start` (found from its data directory's stack.json, or at --url) with
 *   generated applicants (scripts/seed/generate.ts): an account each, answers that pass the form's
 *   validation (schools and addresses from the lookup lists the product ships), submitted with
 *   --submitted (the stack renders each application PDF), and with --decided (implies --submitted)
 *   a decision staged on each by a decider: admit, deny, waitlist or defer, not released. The same
 *   --seed gives the same applicants; the e-mails are new on every run. Every account's password
 *   is the one the summary prints. A sandbox for the SIS API and the office's benchmarks.
 */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DECISIONS } from '#form/wire/decision-words';
import { readSampleDataset } from '#local/lookup-samples';
import { PASSWORD } from '#test/support/client';
import { stackUrl } from './recommendations';
import { parseSeedArgs, USAGE } from './seed/args';
import type { SeedLookups } from './seed/generate';
import { seedStack, type SeedResult } from './seed/run';

/** The stack answers at `url` and is a local one (the seed reads its dev outbox), or one sentence saying why not. */
async function checkStack(url: string): Promise<void> {
  let res: Response;
  try {
    res = await fetch(`${url}/_dev/mail.json`, { method: 'HEAD' });
  } catch {
    throw new Error(`nothing answers at ${url}: start the local stack with \`npm start\` (or give its address with --url).`);
  }
  if (!res.ok) throw new Error(`${url} is not a local stack (it has no dev outbox at /_dev/mail.json): the seed fills the stack \`npm start\` runs.`);
}

export async function shippedLookups(): Promise<SeedLookups> {
  const [hs_ceeb, college_ceeb, address] = await Promise.all([readSampleDataset('hs_ceeb'), readSampleDataset('college_ceeb'), readSampleDataset('address')]);
  return { hs_ceeb, college_ceeb, address };
}

/** The run in counts, then each failure with its reason. */
export function summary(result: SeedResult, o: { url: string; seed: number; run: string }): string {
  const { applicants } = result;
  const failed = applicants.filter((a) => a.failure);
  const created = applicants.filter((a) => a.id).length;
  const decisions = DECISIONS.map((d) => [d, applicants.filter((a) => a.decision === d).length] as const).filter(([, n]) => n > 0);
  const decided = decisions.reduce((sum, [, n]) => sum + n, 0);
  const lines = [
    `Seeded ${o.url} (seed ${o.seed}, run ${o.run}):`,
    `  created:   ${created} (every account's password: ${PASSWORD})`,
    `  submitted: ${applicants.filter((a) => a.submitted).length}${applicants.some((a) => a.submitted) ? ' (their PDFs render in the stack)' : ''}`,
    `  decided:   ${decided}${decided > 0 ? ` (${decisions.map(([d, n]) => `${n} ${d}`).join(', ')}; staged by ${result.decider}, not released)` : ''}`,
    `  failed:    ${failed.length}`,
    ...failed.map((a) => `    ${a.email}: ${a.failure}`),
  ];
  return `${lines.join('\n')}\n`;
}

export async function main(argv: string[], out: (text: string) => void = (t) => process.stdout.write(t)): Promise<number> {
  let parsed: ReturnType<typeof parseSeedArgs>;
  try {
    parsed = parseSeedArgs(argv);
  } catch (error) {
    process.stderr.write(`seed: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const url = stackUrl(parsed.url);
  await checkStack(url);
  const run = Date.now().toString(36);
  const result = await seedStack({ ...parsed, url, run, log: (line) => out(`  ${line}\n`) }, await shippedLookups());
  out(summary(result, { url, seed: parsed.seed, run }));
  return result.applicants.some((a) => a.failure) ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`seed: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
