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
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { CognitoIdentityProviderClient, CreateUserPoolClientCommand, CreateUserPoolCommand } from '@aws-sdk/client-cognito-identity-provider';
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

export async function startCognitoLocal(dir: string): Promise<CognitoLocal> {
  mkdirSync(dir, { recursive: true });
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
  const pool = await client.send(new CreateUserPoolCommand({ PoolName: 'applicants', UsernameAttributes: ['email'], AutoVerifiedAttributes: ['email'] }));
  const userPoolId = pool.UserPool!.Id!;
  const app = await client.send(
    new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ClientName: 'web', ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'] }),
  );
  const clientId = app.UserPoolClient!.ClientId!;

  return {
    endpoint,
    userPoolId,
    clientId,
    lastCode: (username) => {
      const db = JSON.parse(readFileSync(join(dir, '.cognito', 'db', `${userPoolId}.json`), 'utf8')) as {
        Users?: Record<string, { ConfirmationCode?: string; Attributes?: Array<{ Name: string; Value: string }> }>;
      };
      const users = Object.entries(db.Users ?? {});
      const user = users.find(([name, u]) => name === username || u.Attributes?.some((a) => a.Name === 'email' && a.Value === username));
      return user?.[1].ConfirmationCode;
    },
    client: () => client,
    stop: async () => {
      client.destroy();
      await stopChild(child);
    },
  };
}
