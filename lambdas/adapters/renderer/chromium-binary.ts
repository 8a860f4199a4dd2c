/**
 * The Chromium binary @sparticuz/chromium inflates into the temporary folder (`<tmp>/chromium`).
 * The package writes it in place and never checks an existing one, so a process killed while it
 * wrote, or two processes inflating at once, leave a truncated binary that every later launch
 * fails on ("Target closed", a segfault) until someone deletes it by hand. A launch that fails is
 * therefore given one more chance on a binary inflated here beside the old one and renamed over
 * it: a rename is atomic, so no process ever sees a half-written file from this path.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';

/** Where the package inflates the binary (its executablePath() returns it whenever it exists). */
export function inflatedChromiumPath(): string {
  return join(tmpdir(), 'chromium');
}

/** The package's compressed binary (`bin/chromium.br` beside its build folder). */
function packedChromium(): string {
  const entry = createRequire(import.meta.url).resolve('@sparticuz/chromium');
  return join(dirname(entry), '..', '..', 'bin', 'chromium.br');
}

/**
 * Inflates the packed binary again and puts it in place of `target` in one rename. Processes that
 * still run the old file keep their open copy; every later launch finds the whole one.
 */
export async function reinflateChromium(target = inflatedChromiumPath(), packed = packedChromium()): Promise<string> {
  const partial = `${target}.${process.pid}.${randomBytes(4).toString('hex')}.partial`;
  try {
    await pipeline(createReadStream(packed), createBrotliDecompress({ chunkSize: 2 ** 21 }), createWriteStream(partial, { mode: 0o700 }));
    await chmod(partial, 0o700);
    await rename(partial, target);
  } finally {
    await rm(partial, { force: true });
  }
  return target;
}
