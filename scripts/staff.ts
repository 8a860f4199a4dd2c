/**
 * `npm run staff -- add EMAIL [--role reader|decider|admin] [--aws]`
 *   Creates a staff user in a role's group (reader unless --role says otherwise): created with the
 *   invitation suppressed, put in the group, then invited (and deleted if either step fails), so
 *   nobody is ever invited without a role. Locally: in the running `npm start` (found from its data
 *   directory's stack.json, as lookup:import finds it), through its stand-in for Cognito's API;
 *   the invitation with the temporary password lands in the dev outbox (/_dev/mail). With --aws:
 *   Cognito's admin API on the staff pool (STAFF_USER_POOL_ID, AUDIT_TABLE, AWS credentials and
 *   region); Cognito e-mails the invitation.
 *
 * `npm run staff -- role EMAIL reader|decider|admin [--aws]`
 *   Gives an existing staff user that one role (the next token refresh carries it).
 *
 * `npm run staff -- assign-roles [--role reader|decider|admin] [--aws]`
 *   Puts every staff user in no role group (made before roles, in the Cognito console, or left by
 *   a failed add: they have no access) into the role's group, reader unless --role says otherwise;
 *   users with a role are untouched, so it runs once and changes nothing after.
 *
 *   All three record each role given in the audit trail first.
 *
 * `npm run staff -- links FILE.csv [--days N] [--aws]`
 *   One temporary link per row (the header row names answer keys; 14 days unless --days), written
 *   back into FILE.csv as `url` and `expires_at` columns. An operator's command like `add`: it
 *   writes the tokens through the running stack's DynamoDB endpoint (or, with --aws, to
 *   STATUS_TABLE and AUDIT_TABLE for the site PUBLIC_ORIGIN), and records each in the audit trail.
 */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { userInfo } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { StaffRolesCognito } from '#adapters/identity/staff-roles-cognito';
import { appendAudit } from '#adapters/store/audit-store';
import type { StaffDirectory } from '#domain/ports/staff-identity';
import { addStaffUser, assignRoles, changeStaffRole } from '#domain/staff/staff-roles';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '#form/wire/roles';
import { config, setConfig } from '#lambdas/config';
import { localCognitoClient } from '#local/cognito-api';
import { runningStack } from '#local/running';
import { issueLinksFromCsv } from './staff-links';

const ROOT = resolve(import.meta.dirname, '..');
const USAGE = [
  'usage: npm run staff -- add EMAIL [--role reader|decider|admin] [--aws]',
  '       npm run staff -- role EMAIL reader|decider|admin [--aws]',
  '       npm run staff -- assign-roles [--role reader|decider|admin] [--aws]',
  '       npm run staff -- links FILE.csv [--days N] [--aws]',
].join('\n');

function localStack() {
  const dataDir = resolve(process.env.DATA_DIR ?? join(ROOT, '.data'));
  const running = runningStack(dataDir);
  if (!running) throw new Error(`no running stack on ${dataDir}: start it with \`npm start\``);
  return running;
}

export function localStackUrl(explicit?: string): string {
  return explicit ? explicit.replace(/\/$/, '') : localStack().url;
}

/**
 * Where the command writes: the staff pool and the audit table of AWS (--aws), or of the running
 * stack (its development endpoints, and its DynamoDB endpoint for the audit trail and the links).
 */
function target(aws: boolean, url: string | undefined, needs: readonly string[]): { origin: string; base?: string } {
  if (aws) {
    for (const name of needs) if (!process.env[name]) throw new Error(`--aws needs ${name} (see the stack outputs)`);
    setConfig({ dynamodbEndpoint: '' });
    return { origin: config().publicOrigin };
  }
  const running = url ? undefined : localStack();
  const base = localStackUrl(url);
  setConfig({ dynamodbEndpoint: process.env.DYNAMODB_ENDPOINT ?? running?.dynamodbEndpoint ?? '' });
  if (!config().dynamodbEndpoint) throw new Error("with --url, set DYNAMODB_ENDPOINT to that stack's DynamoDB endpoint");
  return { origin: base, base };
}

/**
 * The staff pool: Cognito's (--aws), or the running stack's, through its stand-in for Cognito's
 * API, which answers the same calls with Cognito's semantics (local/cognito-api.ts).
 */
function directory(aws: boolean, base: string | undefined): StaffDirectory {
  if (!aws) return new StaffRolesCognito(localCognitoClient(base ?? '', config().region));
  const poolId = process.env.STAFF_USER_POOL_ID;
  if (!poolId) throw new Error('--aws needs STAFF_USER_POOL_ID (the stack output StaffUserPoolId)');
  setConfig({ identityProvider: 'cognito', staffUserPoolId: poolId });
  return new StaffRolesCognito();
}

/** Cognito's refusals in the operator's words. */
function explained(error: unknown): never {
  const name = error instanceof Error ? error.name : '';
  if (name === 'UsernameExistsException') throw new Error('A staff user with this e-mail already exists.');
  if (name === 'UserNotFoundException') throw new Error('There is no staff user with this e-mail.');
  throw error;
}

const operator = () => ({ name: `cli:${userInfo().username}`, ip: 'command line' });

function roleOption(value: string | undefined): StaffRole {
  if (value === undefined) return 'reader';
  if (!isStaffRole(value)) throw new Error(`the role is one of ${STAFF_ROLES.join(', ')} (not "${value}")`);
  return value;
}

export async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { aws: { type: 'boolean', default: false }, days: { type: 'string' }, url: { type: 'string' }, role: { type: 'string' } },
  });
  const [command, arg, ...rest] = positionals;
  const arity = command === 'role' ? 1 : 0;
  const known = command === 'add' || command === 'links' || command === 'role' || command === 'assign-roles';
  const argumentOk = command === 'assign-roles' ? arg === undefined : arg !== undefined && rest.length === arity;
  if (!known || !argumentOk || (values.role !== undefined && command !== 'add' && command !== 'assign-roles')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  if (command === 'add' || command === 'role' || command === 'assign-roles') {
    const role = roleOption(command === 'role' ? rest[0] : values.role);
    const { base } = target(values.aws, values.url, ['AUDIT_TABLE']);
    const ports = { directory: directory(values.aws, base), appendAudit };
    if (command === 'assign-roles') {
      const { assigned, kept } = await assignRoles(ports, operator(), role);
      process.stdout.write(`${assigned} staff user(s) without a role are now ${role}; ${kept} kept the role they had.\n`);
      return 0;
    }
    const email = arg!;
    if (command === 'role') {
      await changeStaffRole(ports, operator(), email, role).catch(explained);
      process.stdout.write(`${email.toLowerCase()} is now ${role}; the change applies from their next token refresh (at most 15 minutes) or sign-in.\n`);
      return 0;
    }
    await addStaffUser(ports, operator(), email, role).catch(explained);
    const where = base
      ? ` The invitation with the temporary password is at ${base}/_dev/mail; sign in at ${base}/staff.`
      : ' Cognito has e-mailed the invitation with a temporary password.';
    process.stdout.write(`Created staff user ${email.toLowerCase()} (${role}).${where}\n`);
    return 0;
  }
  const days = values.days === undefined ? 14 : Number(values.days);
  const { origin } = target(values.aws, values.url, ['STATUS_TABLE', 'AUDIT_TABLE', 'PUBLIC_ORIGIN']);
  const result = await issueLinksFromCsv(arg!, { origin, days });
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
