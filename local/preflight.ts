/**
 * Checks, before `npm start` builds anything, that the data directory and the port are free.
 * A second stack on the same DATA_DIR would fail deep in dynalite (LevelDB allows one process)
 * after `npm run build:web` had already replaced the running stack's web build; on the same
 * PORT it would fail to listen. Either way the answer is one line naming what is in use and
 * what to set, and nothing of the running stack is touched.
 *
 * Run as a script (`tsx local/preflight.ts`), it first checks the institution's configuration file
 * (INSTITUTION_CONFIG, or the sample; config/establish.ts), then prints that line and exits 1;
 * local/main.ts runs the same checks for callers that skip npm start.
 */
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runningStack } from './running';

const ROOT = resolve(import.meta.dirname, '..');

export interface StartTarget {
  dataDir: string;
  port: number;
}

/** Where `npm start` would run: PORT and DATA_DIR, or their defaults. */
export function startTarget(env: NodeJS.ProcessEnv = process.env): StartTarget {
  return { dataDir: resolve(env.DATA_DIR ?? join(ROOT, '.data')), port: Number(env.PORT ?? 3000) };
}

async function portTaken(port: number): Promise<NodeJS.ErrnoException | undefined> {
  if (!port) return undefined;
  const server = createServer();
  return new Promise((ok) => {
    server.once('error', (error: NodeJS.ErrnoException) => ok(error));
    server.listen(port, '127.0.0.1', () => server.close(() => ok(undefined)));
  });
}

/** The line to print when the stack cannot start there, or undefined when it can. */
export async function startConflict(target: StartTarget): Promise<string | undefined> {
  const running = runningStack(target.dataDir);
  if (running) {
    return `A stack is already running on DATA_DIR=${target.dataDir} (${running.url}, pid ${running.pid}): use that one, stop it, or set DATA_DIR to another directory (and PORT to a free port) to start a second.`;
  }
  const taken = await portTaken(target.port);
  if (taken?.code === 'EADDRINUSE') {
    return `Port ${target.port} is already in use (another stack or program): stop it, or set PORT to a free port (PORT=0 picks one).`;
  }
  if (taken) return `Cannot listen on port ${target.port} (${taken.code ?? taken.message}): set PORT to another port.`;
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // The institution's file first: a file with problems is named before anything is built.
  const { establishOrExit } = await import('#config/establish');
  await establishOrExit();
  const conflict = await startConflict(startTarget());
  if (conflict) {
    process.stderr.write(`\n  ${conflict}\n\n`);
    process.exit(1);
  }
}
