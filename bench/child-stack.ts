/**
 * Starts the local stack in its own process, as `npm start` does, so a benchmark's client
 * work does not share an event loop with the server it measures.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ChildStack {
  url: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  stop(): Promise<void>;
}

export async function startChildStack(env: Record<string, string> = {}): Promise<ChildStack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stack-'));
  const root = join(import.meta.dirname, '..');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(root, 'local', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, QUIET: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`stack did not start:\n${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/running at (\S+)[\s\S]*DynamoDB \(dynalite\): (\S+)\s+S3 \(s3rver\): (\S+)/);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => reject(new Error(`stack exited with ${code}:\n${output}`)));
  });
  child.stdout!.resume();
  return {
    url: ready[1]!,
    dynamodbEndpoint: ready[2]!,
    s3Endpoint: ready[3]!,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
