/**
 * A stack started on a timetable of a test's own (issue 37): deadlines seconds away, several
 * rounds, an offer's reply-by day. Beside test-timetable.ts, not in it: vitest.config.ts loads
 * that one before the path aliases the stack's modules use apply.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CycleConfig } from '#form/types';
import { setConfig } from '#lambdas/config';
import { startChildStack, type ChildStack } from './child-stack';
import { testInstitutionFile, timetableClock, withTimetable, type TimetableClock } from './test-timetable';
import { buildWeb } from './web-build';

export interface TimetableStack extends ChildStack {
  /** The institution's file it runs on. */
  readonly file: string;
  /** Its timetable, as written to the file. */
  readonly cycles: readonly CycleConfig[];
}

/**
 * A stack of its own on the chosen institution's file with `cycles` in place of the tests'
 * timetable (`.test-data/institutions/<name>.yaml`), the test process's adapters pointed at its
 * tables and buckets. Without `web`, it serves an empty web folder: a test that only calls the
 * API needs none, and web/dist is made for another timetable; with it, a web build of its own
 * (the pages read the timetable they were built with). Its stop removes the folder too.
 */
export async function startStackOnTimetable(
  name: string,
  cycles: (clock: TimetableClock) => CycleConfig[],
  options: { web?: boolean; startTimeoutMs?: number; sections?: Readonly<Record<string, unknown>> } = {},
): Promise<TimetableStack> {
  const now = new Date();
  let written: CycleConfig[] = [];
  const file = withTimetable(
    testInstitutionFile(process.env.INSTITUTION_CONFIG!),
    ({ timeZone, entryTerms }) => (written = cycles(timetableClock(now, timeZone, entryTerms))),
    `${name}.yaml`,
    options.sections,
  );
  const webDir = mkdtempSync(join(tmpdir(), `${name}-web-`));
  try {
    if (options.web) await buildWeb(file, webDir);
    const stack = await startChildStack({
      env: { INSTITUTION_CONFIG: file, WEB_DIR: webDir },
      ...(options.startTimeoutMs ? { startTimeoutMs: options.startTimeoutMs } : {}),
    });
    setConfig({ dynamodbEndpoint: stack.dynamodbEndpoint, s3Endpoint: stack.s3Endpoint });
    const stop = async () => {
      await stack.stop();
      rmSync(webDir, { recursive: true, force: true });
    };
    return { ...stack, file, cycles: written, stop };
  } catch (error) {
    rmSync(webDir, { recursive: true, force: true });
    throw error;
  }
}
