/**
 * The local stand-in for the event Lambdas' dead-letter queues: Lambda retries a failed
 * asynchronous event twice and then parks it in a queue whose alarm tells an operator; the local
 * stack retries the same way (local/retries.ts) and then appends the job here, to
 * `<data dir>/dead-letters.jsonl`, and says so on the console. Nothing re-runs a parked job.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { withRetries } from './retries';

export interface DeadLetter {
  job: unknown;
  error: string;
  attempts: number;
  failedAt: string;
}

export class DeadLetters {
  readonly file: string;

  constructor(
    dataDir: string,
    private readonly quiet = false,
  ) {
    this.file = join(dataDir, 'dead-letters.jsonl');
  }

  record(job: unknown, error: unknown, attempts: number): DeadLetter {
    const letter: DeadLetter = { job, error: String(error), attempts, failedAt: new Date().toISOString() };
    appendFileSync(this.file, `${JSON.stringify(letter)}\n`);
    if (!this.quiet) process.stderr.write(`[dead letter] ${JSON.stringify(job)} failed ${attempts} times: ${letter.error}\n`);
    return letter;
  }

  list(): DeadLetter[] {
    if (!existsSync(this.file)) return [];
    return readFileSync(this.file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as DeadLetter);
  }
}

/** Runs a job with Lambda's retries; a job that fails every attempt is parked and its error rethrown. */
export async function runOrDeadLetter(job: unknown, run: () => Promise<unknown>, retryDelaysMs: readonly number[], letters: DeadLetters): Promise<void> {
  try {
    await withRetries(run, retryDelaysMs);
  } catch (error) {
    letters.record(job, error, retryDelaysMs.length + 1);
    throw error;
  }
}
