/**
 * `npm run staff -- add EMAIL [--aws]`
 *   Creates a staff user. Locally: in the running `npm start` (found from its data directory's
 *   stack.json, as lookup:import finds it); the invitation with the temporary password lands in
 *   the dev outbox (/_dev/mail). With --aws: Cognito's AdminCreateUser on the staff pool
 *   (STAFF_USER_POOL_ID, AWS credentials and region); Cognito e-mails the invitation.
 *
 * `npm run staff -- links FILE.csv [--days N] [--aws]`
 *   One temporary link per row (the header row names answer keys; 14 days unless --days), written
 *   back into FILE.csv as `url` and `expires_at` columns. An operator's command like `add`: it
 *   writes the tokens through the running stack's DynamoDB endpoint (or, with --aws, to
 *   STATUS_TABLE and AUDIT_TABLE for the site PUBLIC_ORIGIN), and records each in the audit trail.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { runningStack } from '#local/running';
import { config, setConfig } from '#lambdas/config';
import { StaffCognitoIdentity } from '#adapters/identity/staff-cognito';
import { issueLinksFromCsv } from './staff-links';

const ROOT = resolve(import.meta.dirname, '..');
const USAGE = 'usage: npm run staff -- add EMAIL [--aws]\n       npm run staff -- links FILE.csv [--days N] [--aws]';

function localStack() {
  const dataDir = resolve(process.env.DATA_DIR ?? join(ROOT, '.data'));
  const running = runningStack(dataDir);
  if (!running) throw new Error(`no running stack on ${dataDir}: start it with \`npm start\``);
  return running;
}

export function localStackUrl(explicit?: string): string {
  return explicit ? explicit.replace(/\/$/, '') : localStack().url;
}

async function addUser(email: string, aws: boolean, url?: string): Promise<string> {
  if (aws) {
    const poolId = process.env.STAFF_USER_POOL_ID;
    if (!poolId) throw new Error('--aws needs STAFF_USER_POOL_ID (the stack output StaffUserPoolId)');
    setConfig({ identityProvider: 'cognito', staffUserPoolId: poolId });
    await new StaffCognitoIdentity().adminCreateUser(email);
    return `Created staff user ${email.toLowerCase()}; Cognito has e-mailed the invitation with a temporary password.`;
  }
  const base = localStackUrl(url);
  const res = await fetch(`${base}/_dev/staff-users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  const body = (await res.json()) as { message?: string };
  if (!res.ok) throw new Error(body.message ?? `the stack answered ${res.status}`);
  return `Created staff user ${email.toLowerCase()}. The invitation with the temporary password is at ${base}/_dev/mail; sign in at ${base}/staff.`;
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { aws: { type: 'boolean', default: false }, days: { type: 'string' }, url: { type: 'string' } },
  });
  const [command, arg, ...rest] = positionals;
  if (!arg || rest.length > 0 || (command !== 'add' && command !== 'links')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (command === 'add') {
    process.stdout.write(`${await addUser(arg, values.aws, values.url)}\n`);
    return 0;
  }
  const days = values.days === undefined ? 14 : Number(values.days);
  let origin: string;
  if (values.aws) {
    for (const name of ['STATUS_TABLE', 'AUDIT_TABLE', 'PUBLIC_ORIGIN']) if (!process.env[name]) throw new Error(`--aws needs ${name} (see the stack outputs)`);
    setConfig({ appEnv: process.env.APP_ENV ?? 'production', dynamodbEndpoint: '' });
    origin = config().publicOrigin;
  } else {
    const running = values.url ? undefined : localStack();
    origin = localStackUrl(values.url);
    setConfig({ appEnv: 'local', dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT ?? running?.dynamodbEndpoint ?? '' });
    if (!config().dynamodbEndpoint) throw new Error('with --url, set DYNAMODB_ENDPOINT to that stack\'s DynamoDB endpoint');
  }
  const result = await issueLinksFromCsv(arg, { origin, days });
  process.stdout.write(`${result.issued} temporary link(s) written to ${arg} (column "url").\n`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`staff: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
