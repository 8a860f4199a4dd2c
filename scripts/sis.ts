/**
 * The student information system's machine clients (docs/sis-api.md).
 *
 * `npm run sis -- add-client NAME --scopes a,b [--expires YYYY-MM-DD] [--aws] [--url URL]`
 *   Makes a client with those scopes (applications.read, decisions.write, materials.write) and,
 *   if given, a last day of use; prints its id and its secret, which is shown this once and kept
 *   only as a hash. Locally: in the running `npm start` (found from its data directory's
 *   stack.json), whose token endpoint is <url>/oauth2/token. With --aws: an app client of the
 *   machine pool (SIS_USER_POOL_ID, the stack output SisUserPoolId) and the client's record in
 *   STATUS_TABLE; the token endpoint is the stack output SisTokenEndpoint.
 *
 * `npm run sis -- list [--aws] [--url URL]`
 *   Every client with its scopes, expiry, last use and revocation.
 *
 * `npm run sis -- revoke NAME [--aws] [--url URL]`
 *   Its next token request is refused, and its tokens already issued within a minute.
 */
// First: the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { SisClientsCognito } from '#adapters/identity/sis-cognito';
import { sisClientStore } from '#adapters/store/sis-clients-store';
import { DomainError } from '#domain/errors';
import { addSisClient, listSisClients, revokeSisClient, type SisClientView } from '#domain/sis/clients';
import { SIS_SCOPES } from '#form/wire/sis';
import { setConfig } from '#lambdas/config';
import { SIS_CLIENTS_PATH, SIS_REVOKE_PATH } from '#local/sis-dev';
import { stackUrl } from './recommendations';

const USAGE = [
  `usage: npm run sis -- add-client NAME --scopes ${SIS_SCOPES.join(',')} [--expires YYYY-MM-DD] [--aws] [--url URL]`,
  '       npm run sis -- list [--aws] [--url URL]',
  '       npm run sis -- revoke NAME [--aws] [--url URL]',
].join('\n');

const OPTIONS = { scopes: { type: 'string' }, expires: { type: 'string' }, aws: { type: 'boolean', default: false }, url: { type: 'string' } } as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch {
    return undefined;
  }
}

/** A client in one line: what an admin checks before revoking. */
export function describeClient(c: SisClientView): string {
  const state = c.revokedAt ? `revoked ${c.revokedAt}` : c.expires ? `expires ${c.expires}` : 'no expiry';
  return `${c.name}  id ${c.id}  scopes ${c.scopes.join(',')}  ${state}  last used ${c.lastUsedAt ?? 'never'}  created ${c.createdAt}`;
}

/** The running stack's control of the clients (local/sis-dev.ts). */
async function local<T>(url: string | undefined, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${stackUrl(url)}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  const answer = (await res.json()) as T & { message?: string };
  if (!res.ok) throw new Error(answer.message ?? `the stack answered ${res.status}`);
  return answer;
}

/** AWS: the machine pool and the status table named in the environment (the stack outputs). */
function aws(): SisClientsCognito {
  for (const name of ['SIS_USER_POOL_ID', 'STATUS_TABLE']) if (!process.env[name]) throw new Error(`--aws needs ${name} (see the stack outputs)`);
  setConfig({ identityProvider: 'cognito', dynamodbEndpoint: '' });
  return new SisClientsCognito();
}

export async function main(argv: string[]): Promise<number> {
  const parsed = parse(argv);
  const [command, name, ...rest] = parsed?.positionals ?? [];
  const values = parsed?.values;
  const shape =
    values &&
    rest.length === 0 &&
    ((command === 'add-client' && name !== undefined && values.scopes !== undefined) ||
      (command === 'list' && name === undefined && values.scopes === undefined && values.expires === undefined) ||
      (command === 'revoke' && name !== undefined && values.scopes === undefined && values.expires === undefined));
  if (!shape || !values || (values.aws && values.url !== undefined)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  try {
    const cognito = values.aws ? aws() : undefined;
    if (command === 'list') {
      const clients = cognito ? await listSisClients(sisClientStore) : (await local<{ clients: SisClientView[] }>(values.url, SIS_CLIENTS_PATH)).clients;
      process.stdout.write(
        clients.length > 0 ? `${clients.map(describeClient).join('\n')}\n` : 'No clients yet: npm run sis -- add-client NAME --scopes ...\n',
      );
      return 0;
    }
    if (command === 'revoke') {
      if (cognito) {
        await revokeSisClient({ clients: sisClientStore, issuer: cognito }, { name: name! }, new Date());
      } else {
        await local(values.url, SIS_REVOKE_PATH, { name });
      }
      process.stdout.write(`Revoked ${name}: its next token request is refused, and its tokens already issued within a minute.\n`);
      return 0;
    }
    const scopes = values
      .scopes!.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const made = cognito
      ? await addSisClient(
          { clients: sisClientStore, issuer: cognito },
          { name: name!, scopes, ...(values.expires ? { expires: values.expires } : {}) },
          new Date(),
        )
      : await local<{ client: SisClientView; secret: string }>(values.url, SIS_CLIENTS_PATH, {
          name,
          scopes,
          ...(values.expires ? { expires: values.expires } : {}),
        });
    const endpoint = values.aws ? 'the stack output SisTokenEndpoint' : `${stackUrl(values.url)}/oauth2/token`;
    process.stdout.write(
      [
        `Created ${describeClient(made.client)}`,
        `client_id:     ${made.client.id}`,
        `client_secret: ${made.secret}`,
        'The secret is shown this once: keep it in the other system now.',
        `Token endpoint: ${endpoint}`,
        '',
      ].join('\n'),
    );
    return 0;
  } catch (error) {
    // A refusal of the rules (a name taken, a past expiry) is one sentence, as any other failure.
    if (error instanceof DomainError) throw new Error(error.message);
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`sis: ${(error as Error).message ?? String(error)}\n`);
      process.exit(1);
    },
  );
}
