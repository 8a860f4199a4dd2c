/**
 * A command's `main(args)` run in the test's process, its output and exit code as the spawned
 * command gives them (a spawned command costs a Node start and a TypeScript load, seconds each on
 * a loaded machine), against the integration stack's data directory.
 */
import { inject, vi } from 'vitest';

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runMain(command: string, main: (args: string[]) => Promise<number>, args: string[]): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const capture = (append: (text: string) => void) => (chunk: string | Uint8Array) => {
    append(String(chunk));
    return true;
  };
  const out = vi.spyOn(process.stdout, 'write').mockImplementation(capture((t) => (stdout += t)));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(capture((t) => (stderr += t)));
  const dataDir = process.env.DATA_DIR;
  process.env.DATA_DIR = inject('dataDir');
  try {
    const code = await main(args).catch((error: unknown) => {
      stderr += `${command}: ${(error as Error).message ?? String(error)}\n`;
      return 1;
    });
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    if (dataDir === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = dataDir;
  }
}
