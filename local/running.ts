/**
 * A running local stack leaves a note in its data directory (its URL, endpoints and pid), so
 * tools such as the lookup import can talk to it instead of opening the database files, which
 * dynalite's LevelDB allows only one process at a time.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface StackNote {
  url: string;
  dynamodbEndpoint: string;
  s3Endpoint: string;
  pid: number;
}

const noteFile = (dataDir: string) => join(dataDir, 'stack.json');

export function writeStackNote(dataDir: string, note: StackNote): void {
  writeFileSync(noteFile(dataDir), JSON.stringify(note, null, 2));
}

export function removeStackNote(dataDir: string): void {
  rmSync(noteFile(dataDir), { force: true });
}

/** The note of a stack that is still running on this data directory, if any. */
export function runningStack(dataDir: string): StackNote | undefined {
  if (!existsSync(noteFile(dataDir))) return undefined;
  try {
    const note = JSON.parse(readFileSync(noteFile(dataDir), 'utf8')) as StackNote;
    process.kill(note.pid, 0);
    return note;
  } catch {
    return undefined;
  }
}

/**
 * Stops the stack on Ctrl-C, on SIGTERM, and when the process that started it over IPC (the
 * tests' and the load benchmark's child stack) goes away, also when it was killed first.
 */
export function stopWhenAsked(stack: { stop(): Promise<void> }): void {
  const shutdown = () => {
    void stack.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  process.on('disconnect', shutdown);
}
