import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DeadLetters, runOrDeadLetter } from '#local/dead-letters';

const dirs: string[] = [];
function letters(): DeadLetters {
  const dir = mkdtempSync(join(tmpdir(), 'dead-letters-'));
  dirs.push(dir);
  return new DeadLetters(dir, true);
}
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the local event runtime’s dead letters', () => {
  it('retries a failing job as Lambda does, then parks it once instead of running it round and round', async () => {
    const parked = letters();
    let runs = 0;
    const failing = () => {
      runs++;
      return Promise.reject(new Error('Chromium crashed'));
    };
    await expect(runOrDeadLetter({ kind: 'render', sub: 'abc' }, failing, [5, 5], parked)).rejects.toThrow('Chromium crashed');
    expect(runs).toBe(3);
    expect(parked.list()).toEqual([expect.objectContaining({ job: { kind: 'render', sub: 'abc' }, attempts: 3, error: 'Error: Chromium crashed' })]);
    // Kept on disk: a restarted stack still lists it.
    expect(new DeadLetters(dirs[0]!, true).list()).toHaveLength(1);
  });

  it('records nothing when a retry succeeds', async () => {
    const parked = letters();
    let runs = 0;
    const flaky = async () => {
      if (++runs === 1) throw new Error('transient');
    };
    await runOrDeadLetter({ kind: 'render', sub: 'abc' }, flaky, [5, 5], parked);
    expect(runs).toBe(2);
    expect(parked.list()).toEqual([]);
  });
});
