/**
 * A test file's own local stack whose handlers reach DynamoDB through a breakable proxy, for
 * fault and race tests. The configuration it changes is per process, so a file that uses it
 * runs its own stack in its own worker and never the shared one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { config, setConfig } from '#lambdas/config';
import { startStack, type RunningStack } from '#local/stack';
import { startFaultyProxy, type FaultyProxy } from './faulty-proxy';

export interface ProxiedStack {
  readonly stack: RunningStack;
  /** Between every handler of this process and dynalite. */
  readonly proxy: FaultyProxy;
}

/**
 * Starts the stack and the proxy before the file's tests and stops both after them. Call it at
 * the top of the file; read `stack` and `proxy` inside tests and hooks (they exist from beforeAll on).
 */
export function stackBehindFaultyProxy(name: string): ProxiedStack {
  let stack: RunningStack | undefined;
  let proxy: FaultyProxy | undefined;
  let dataDir: string | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
    stack = await startStack({ port: 0, dataDir, quiet: true });
    proxy = await startFaultyProxy(stack.dynamodbEndpoint);
    // Every handler in this process now reaches DynamoDB through the proxy.
    setConfig({ ...config(), dynamodbEndpoint: proxy.url });
  });

  afterAll(async () => {
    await proxy?.close();
    await stack?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const started = <T>(part: T | undefined): T => {
    if (part === undefined) throw new Error('the stack behind the faulty proxy starts in beforeAll');
    return part;
  };
  return {
    get stack() {
      return started(stack);
    },
    get proxy() {
      return started(proxy);
    },
  };
}
