/**
 * cognito-local (an independent emulator of Cognito's user-pool API) in a child process, with a
 * user pool and an app client made for the occasion. The Cognito adapter is tested against it,
 * and the bundled stack (`npm run start:bundled`) signs applicants in through it, as the
 * deployed functions do through Cognito.
 *
 * cognito-local keeps its state in `.cognito/` under its working directory; codes it would have
 * e-mailed are stored on the user record there, which is where `lastCode` reads them.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { stopChild } from './child-process';

export interface CognitoLocal {
  /** http://localhost:<port>: the Cognito API endpoint and the tokens' issuer domain. */
  endpoint: string;
  userPoolId: string;
  clientId: string;
  /** The confirmation or reset code cognito-local last stored for a user (it sends no mail). */
  lastCode(username: string): string | undefined;
  /** An SDK client talking to the emulator, for test set-up (AdminCreateUser...). */
  client(): CognitoIdentityProviderClient;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as { port: number };
  await new Promise((ok) => server.close(ok));
  return port;
}

export interface CognitoLocalOptions {
  /** Lambda triggers by kind (CustomMessage: function name), invoked at `lambdaEndpoint`. */
  triggers?: Record<string, string>;
  lambdaEndpoint?: string;
}

const POOL_NAME = 'applicants';

export async function startCognitoLocal(dir: string, options: CognitoLocalOptions = {}): Promise<CognitoLocal> {
  mkdirSync(join(dir, '.cognito'), { recursive: true });
  if (options.triggers && options.lambdaEndpoint) {
    writeFileSync(
      join(dir, '.cognito', 'config.json'),
      JSON.stringify(
        {
          TriggerFunctions: options.triggers,
          LambdaClient: { endpoint: options.lambdaEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } },
        },
        null,
        2,
      ),
    );
  }
  // The issuer in its tokens is http://HOST:PORT, so the port is chosen before it starts.
  const port = await freePort();
  const bin = join(dirname(createRequire(import.meta.url).resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
  // It goes when its parent does: the IPC channel closes and the preloaded line exits.
  const exitWithParent = "data:text/javascript,process.on('disconnect',()=>process.exit(0))";
  const child: ChildProcess = spawn(process.execPath, ['--import', exitWithParent, bin], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), HOST: 'localhost' },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stderr!.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`cognito-local did not start:\n${output}`)), 30_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      collect(chunk);
      if (output.includes('Cognito Local running')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cognito-local exited with ${code}:\n${output}`));
    });
  });
  // Its log is a line per request; only the start-up failure above is worth showing.
  child.stdout!.resume();
  child.stderr!.resume();

  const endpoint = `http://localhost:${port}`;
  const client = new CognitoIdentityProviderClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  // The pool of an earlier start in this directory is kept, with its users (as npm start keeps its data).
  const existing = (await client.send(new ListUserPoolsCommand({ MaxResults: 60 }))).UserPools?.find((p) => p.Name === POOL_NAME);
  const userPoolId =
    existing?.Id ??
    (await client.send(new CreateUserPoolCommand({ PoolName: POOL_NAME, UsernameAttributes: ['email'], AutoVerifiedAttributes: ['email'] }))).UserPool!.Id!;
  const clientId =
    (await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId }))).UserPoolClients?.[0]?.ClientId ??
    (
      await client.send(
        new CreateUserPoolClientCommand({
          UserPoolId: userPoolId,
          ClientName: 'web',
          ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
        }),
      )
    ).UserPoolClient!.ClientId!;

  return {
    endpoint,
    userPoolId,
    clientId,
    lastCode: (username) => lastCognitoCode(dir, username),
    client: () => client,
    stop: async () => {
      client.destroy();
      await stopChild(child);
    },
  };
}

/** The code cognito-local (working in `dir`) last stored for a user, in any of its pools. */
export function lastCognitoCode(dir: string, username: string): string | undefined {
  const db = join(dir, '.cognito', 'db');
  if (!existsSync(db)) return undefined;
  for (const file of readdirSync(db).filter((f) => f.endsWith('.json') && f !== 'clients.json')) {
    let pool: { Users?: Record<string, { ConfirmationCode?: string; Attributes?: Array<{ Name: string; Value: string }> }> };
    try {
      pool = JSON.parse(readFileSync(join(db, file), 'utf8')) as typeof pool;
    } catch {
      // cognito-local rewrites the file in place: caught half-written, it is read again on the next poll.
      continue;
    }
    const user = Object.entries(pool.Users ?? {}).find(
      ([name, u]) => name === username || u.Attributes?.some((a) => a.Name === 'email' && a.Value === username),
    );
    if (user) return user[1].ConfirmationCode;
  }
  return undefined;
}
