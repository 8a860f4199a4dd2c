/**
 * A sign-in takes the same time whether the account is unknown, the password wrong or the account
 * locked: every path pays for one scrypt comparison (local/identity/user-sessions.ts), so neither
 * existence nor a lock shows in the time of an answer. On a stack of its own at the default
 * scrypt cost: the other files' stacks hash at a sixteenth of it (test/support/child-stack.ts),
 * where one comparison is too short beside a request's own time for a missing one to show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD_HASH_COST } from '#local/identity/user-sessions';
import { median } from '../../bench/stats';
import { startChildStack, type ChildStack } from '../support/child-stack';
import { ApiClient, PASSWORD, registeredApplicant, uniqueEmail } from '../support/client';

let stack: ChildStack;
beforeAll(async () => {
  stack = await startChildStack({ env: { LOCAL_PASSWORD_HASH_COST: String(DEFAULT_PASSWORD_HASH_COST) } });
}, 180_000);
afterAll(() => stack?.stop());

/** A wrong password for `username`, timed. */
async function attempt(username: string) {
  const started = performance.now();
  const res = await fetch(`${stack.url}/public/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Wrong-Password-123!' }),
  });
  const text = await res.text();
  return {
    ms: performance.now() - started,
    shape: {
      status: res.status,
      body: text,
      setCookie: res.headers.getSetCookie(),
      headers: [...res.headers.keys()].filter((h) => h !== 'date' && h !== 'content-length').sort(),
    },
  };
}

describe('sign-in timing', () => {
  it('an unknown user and a wrong password get the same status, body, headers and similar timing', async () => {
    // Wrong passwords spread over several accounts: five in a row would lock one (and a locked account answers faster).
    const accounts = await Promise.all([0, 1, 2].map(() => registeredApplicant(stack.url)));
    const times = { unknown: [] as number[], wrong: [] as number[] };
    const shapes: Record<string, unknown> = {};
    for (let i = 0; i < 6; i++) {
      for (const kind of ['unknown', 'wrong'] as const) {
        const { ms, shape } = await attempt(kind === 'unknown' ? uniqueEmail('nobody') : accounts[i % accounts.length]!.username);
        times[kind].push(ms);
        shapes[kind] ??= shape;
        expect(shape).toEqual(shapes[kind]);
      }
    }
    expect(shapes.unknown).toEqual(shapes.wrong);
    expect(shapes.unknown).toMatchObject({ status: 400 });
    expect(JSON.parse((shapes.unknown as { body: string }).body)).toEqual({ message: 'Incorrect e-mail or password.' });
    // Both pay for one scrypt comparison; without it an unknown user would answer ~10× faster.
    const ratio = median(times.unknown) / median(times.wrong);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });

  it('a locked account answers a wrong password exactly as, and in the time of, an unlocked one', async () => {
    const locked = await registeredApplicant(stack.url);
    // Wrong passwords for the unlocked side spread over accounts, four each: none of them locks.
    const unlocked = await Promise.all([0, 1, 2].map(() => registeredApplicant(stack.url)));
    for (let i = 0; i < 5; i++) await attempt(locked.username);
    expect((await new ApiClient(stack.url).post('/public/login', { username: locked.username, password: PASSWORD })).status).toBe(400);
    const times = { locked: [] as number[], unlocked: [] as number[] };
    for (let i = 0; i < 8; i++) {
      const a = await attempt(locked.username);
      const b = await attempt(unlocked[i % unlocked.length]!.username);
      expect(a.shape).toEqual(b.shape);
      times.locked.push(a.ms);
      times.unlocked.push(b.ms);
    }
    // Both pay for one scrypt comparison; a lock that answered at once would be ~10× faster.
    const ratio = median(times.locked) / median(times.unlocked);
    expect(ratio).toBeGreaterThan(0.33);
    expect(ratio).toBeLessThan(3);
  });
});
