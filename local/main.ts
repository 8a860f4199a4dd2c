/** `npm start`: the whole product on http://localhost:3000 (PORT, DATA_DIR override). */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { join, resolve } from 'node:path';
import { establishedInstitution } from '#config/establish';
import { webBuildMismatch } from '#config/web-build';
import { checkFormConfiguration, ConfigurationError } from '#form';
import { startConflict, startTarget } from './preflight';
import { stopWhenAsked } from './running';
import { ROOT, startStack } from './stack';

const established = establishedInstitution();

// The developer checks: a form model edited into an inconsistent state stops here, named.
try {
  checkFormConfiguration();
} catch (error) {
  if (!(error instanceof ConfigurationError)) throw error;
  process.stderr.write(`\n  ${error.message}\n  Correct the form model in form/ and run npm start again.\n\n`);
  process.exit(1);
}

/** One line and exit 1: a second stack on a data directory or port in use (see preflight.ts). */
function refuse(line: string): never {
  process.stderr.write(`\n  ${line}\n\n`);
  process.exit(1);
}
const conflict = await startConflict(startTarget());
if (conflict) refuse(conflict);
const mismatch = webBuildMismatch(resolve(process.env.WEB_DIR ?? join(ROOT, 'web', 'dist')), established);
if (mismatch) refuse(mismatch);

// QUIET=1 (benchmarks) drops the per-request log lines.
const stack = await startStack({ quiet: process.env.QUIET === '1' }).catch(async (error: unknown) => {
  // Taken between the check and the start (two starts at once): the same line, no trace.
  const again = await startConflict(startTarget());
  if (again) refuse(again);
  throw error;
});
process.stdout.write(
  [
    '',
    `  Admissions application running at ${stack.url}`,
    `  Dev outbox (confirmation codes, reset links): ${stack.url}/_dev/mail`,
    `  Staff console: ${stack.url}/staff (add a staff user: npm run staff -- add EMAIL)   Submission events: ${stack.url}/_dev/events`,
    `  Data: ${stack.dataDir}`,
    `  DynamoDB (dynalite): ${stack.dynamodbEndpoint}   S3 (s3rver): ${stack.s3Endpoint}`,
    '',
  ].join('\n') + '\n',
);

stopWhenAsked(stack);
