/**
 * Stopping the local stack stops everything it started: dynalite, s3rver, the event runtime and
 * the Chromium that the event runtime starts ahead of the first render, also when the stop comes
 * while the event runtime is still loading or Chromium still starting. A leftover browser would
 * outlive every `npm start`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { startChildStack } from '../support/child-stack';

/**
 * Running processes that belong to the stack with this data directory: every process it starts
 * inherits DATA_DIR in its environment (Linux /proc).
 */
function processesOf(dataDir: string): string[] {
  const marker = `DATA_DIR=${dataDir}\0`;
  const found: string[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) found.push(stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.runIf(process.platform === 'linux')('stopping the local stack', () => {
  // Right away, the event runtime may still be loading; a second later Chromium is starting.
  it.each([0, 1000])('leaves nothing behind when stopped %i ms after it is up', { timeout: 60_000 }, async (delay) => {
    const stack = await startChildStack();
    expect(processesOf(stack.dataDir).length).toBeGreaterThan(0);
    await sleep(delay);
    await stack.stop();
    await sleep(500);
    expect(processesOf(stack.dataDir)).toEqual([]);
  });

  it('leaves nothing behind when stopped while Chromium starts, Chromium included', { timeout: 60_000 }, async () => {
    const stack = await startChildStack();
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline && !processesOf(stack.dataDir).some((name) => name.startsWith('chrom'))) await sleep(100);
    expect(processesOf(stack.dataDir).some((name) => name.startsWith('chrom'))).toBe(true);
    await stack.stop();
    await sleep(500);
    expect(processesOf(stack.dataDir)).toEqual([]);
  });
});
