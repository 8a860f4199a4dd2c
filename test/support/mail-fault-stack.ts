/**
 * A stack of the test file's own, in its worker's process (configuration is per process), whose
 * product e-mails go through the file's sender instead of the dev outbox, so the file can make
 * the mail service fail as SES does when throttled. Started before the file's tests, stopped after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { OutgoingMail } from '#domain/ports/mail';
import { startStack, type RunningStack } from '#local/stack';

/** What SES throws when the sending rate is exceeded. */
export const throttled = () => Object.assign(new Error('Maximum sending rate exceeded.'), { name: 'TooManyRequestsException' });

/** The running stack (read it inside tests and hooks: it starts in a beforeAll). */
export function stackWithMailer(name: string, mailer: (mail: OutgoingMail) => Promise<string>): () => RunningStack {
  let stack: RunningStack | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
    stack = await startStack({ port: 0, dataDir, quiet: true, eventsInProcess: true, mailer, mailRetryDelaysMs: [100, 200] });
  });
  afterAll(async () => {
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => {
    if (!stack) throw new Error(`the ${name} stack is not running yet`);
    return stack;
  };
}
