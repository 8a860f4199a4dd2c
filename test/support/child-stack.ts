/**
 * Starts the local stack in its own process, exactly as `npm start` does. Tests and benchmarks
 * use it so that two stacks (integration and e2e run in one vitest process) never share the
 * process-wide configuration, and a client's work never shares an event loop with the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stackNodeArgs } from '#local/child-process';

export interface ChildStack {
  /** The stack process (`local/main.ts`). */
  pid: number;
  url: string;
  dataDir: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  stop(): Promise<void>;
}

export interface ChildStackOptions {
  /** Default: a new temporary directory, removed on stop. */
  dataDir?: string;
  env?: Record<string, string>;
  /** The stack's main module. Default: local/main.ts (npm start); local/bundled/main.ts serves cdk.out. */
  entry?: string;
  /** How long the start may take (default 180 s: a fresh clone compiles every module on its first start, slow on a loaded machine; a bundled start may synthesize first). */
  startTimeoutMs?: number;
  /**
   * Start Chromium and its print tab with the stack, as `npm start` does (default false: a stack
   * that renders starts it on its first render; most test stacks never render, and a Chromium
   * started for nothing costs a few seconds of both cores each time).
   */
  warmRenderer?: boolean;
}

const ROOT = join(import.meta.dirname, '..', '..');
/** The scrypt cost of the tests' stacks' password hashes (local/identity/user-sessions.ts): a sixteenth of the default. */
const TEST_PASSWORD_HASH_COST = 1024;

export async function startChildStack(options: ChildStackOptions = {}): Promise<ChildStack> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'stack-'));
  const child: ChildProcess = spawn(process.execPath, [...stackNodeArgs(), '--import', 'tsx', options.entry ?? join(ROOT, 'local', 'main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      QUIET: '1',
      LOCAL_WARM_RENDERER: options.warmRenderer ? '1' : '0',
      // A test run signs up and in a thousand times and more; the benchmarks keep the real cost.
      ...(process.env.VITEST ? { LOCAL_PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST) } : {}),
      ...options.env,
    },
    // The IPC channel ties the stack's life to this process (main.ts stops on 'disconnect').
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 200_000) output = output.slice(-100_000);
  };
  child.stderr!.on('data', collect);
  const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack did not start:\n${output}`)), options.startTimeoutMs ?? 180_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      collect(chunk);
      const m = output.match(/running at (\S+)[\s\S]*DynamoDB \(dynalite\): (\S+)\s+S3 \(s3rver\): (\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`stack exited with ${code}:\n${output}`));
    });
  });
  // Errors the stack logs stay visible in test output; request lines are off (QUIET).
  child.stderr!.off('data', collect);
  child.stderr!.pipe(process.stderr);
  child.stdout!.resume();
  return {
    pid: child.pid!,
    url: ready[1]!,
    dataDir,
    dynamodbEndpoint: ready[2]!,
    s3Endpoint: ready[3]!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
