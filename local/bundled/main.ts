/**
 * `npm run start:bundled`: the local stack serving the functions `cdk synth` produced
 * (in node_modules/.cache/cdk-local, or the folder CDK_OUT names, e.g. cdk.out) instead of the sources: every route, the conversion, the renderer (with the
 * bundled @sparticuz/chromium and the fonts the bundling hook copied) and the Cognito trigger,
 * each with the environment the stack gives it, and Cognito played by cognito-local.
 * Synthesizes first when its synth is older than the sources. PORT, DATA_DIR as for npm start.
 */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { resolve } from 'node:path';
import { startConflict, startTarget } from '../preflight';
import { stopWhenAsked } from '../running';
import { startStack } from '../stack';
import { DEFAULT_CDK_OUT, ensureSynthesized, readSynthesized, synthIsStale } from './assets';
import { startBundledFunctions } from './runtime';

function refuse(line: string): never {
  process.stderr.write(`\n  ${line}\n\n`);
  process.exit(1);
}
const conflict = await startConflict(startTarget());
if (conflict) refuse(conflict);

const quiet = process.env.QUIET === '1';
const given = process.env.CDK_OUT ? resolve(process.env.CDK_OUT) : undefined;
if (given && synthIsStale(given)) process.stdout.write(`  Note: ${given} is older than the sources; serving it as it is.\n`);
// A parent that gives up while the synth runs (a test's start timeout) takes the synth with it,
// and this process: it would otherwise start the stack minutes later, an orphan nobody stops.
const parentGone = new AbortController();
if (process.connected) process.once('disconnect', () => parentGone.abort());
// A synth given by CDK_OUT (cdk.out of npm run synth) is served as it is; the default is kept up to date.
const synth = given
  ? readSynthesized(given)
  : await ensureSynthesized(DEFAULT_CDK_OUT, (line) => process.stdout.write(`  ${line}\n`), parentGone.signal).catch((error: unknown) =>
      refuse(parentGone.signal.aborted ? 'Stopped: the process that started the stack went away during the synth.' : String(error)),
    );
if (parentGone.signal.aborted) refuse('Stopped: the process that started the stack went away during the synth.');
let cognitoEndpoint = '';
const stack = await startStack({
  quiet,
  functions: async (context) => {
    const runtime = await startBundledFunctions(synth, context);
    cognitoEndpoint = runtime.cognito.endpoint;
    return runtime;
  },
});
process.stdout.write(
  [
    '',
    `  Admissions application (synthesized bundles from ${synth.outDir}) running at ${stack.url}`,
    `  Dev outbox (the mails Cognito would send, written by the custom-message function): ${stack.url}/_dev/mail`,
    `  Cognito (cognito-local): ${cognitoEndpoint}`,
    `  Data: ${stack.dataDir}`,
    `  DynamoDB (dynalite): ${stack.dynamodbEndpoint}   S3 (s3rver): ${stack.s3Endpoint}`,
    '',
  ].join('\n') + '\n',
);

stopWhenAsked(stack);
