/** The flags of `npm run seed` (scripts/seed.ts), apart from the command so its test loads nothing else. */
import { parseArgs } from 'node:util';
import type { SeedOptions } from './run';

export const USAGE = 'usage: npm run seed -- --applicants N [--submitted] [--decided] [--seed 42] [--concurrency 4] [--url http://localhost:3000]';
const MAX_APPLICANTS = 100_000;
const MAX_CONCURRENCY = 16;

const OPTIONS = {
  applicants: { type: 'string' },
  submitted: { type: 'boolean', default: false },
  decided: { type: 'boolean', default: false },
  seed: { type: 'string', default: '42' },
  concurrency: { type: 'string', default: '4' },
  url: { type: 'string' },
} as const;

const wholeNumber = (value: string | undefined, min: number, max: number): number | undefined =>
  value !== undefined && /^\d{1,9}$/.test(value) && Number(value) >= min && Number(value) <= max ? Number(value) : undefined;

/** The run's options from the command line; throws, naming the flag, for a usage error. */
export function parseSeedArgs(argv: string[]): Omit<SeedOptions, 'url' | 'run' | 'log'> & { url?: string } {
  const { values } = parseArgs({ args: argv, options: OPTIONS, strict: true });
  const applicants = wholeNumber(values.applicants, 1, MAX_APPLICANTS);
  const seed = wholeNumber(values.seed, 0, 2 ** 31 - 1);
  const concurrency = wholeNumber(values.concurrency, 1, MAX_CONCURRENCY);
  if (applicants === undefined) throw new Error(`--applicants is a whole number from 1 to ${MAX_APPLICANTS}`);
  if (seed === undefined) throw new Error('--seed is a whole number');
  if (concurrency === undefined) throw new Error(`--concurrency is a whole number from 1 to ${MAX_CONCURRENCY}`);
  return { applicants, seed, concurrency, decided: values.decided, submitted: values.submitted || values.decided, ...(values.url ? { url: values.url } : {}) };
}
