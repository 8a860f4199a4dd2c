/**
 * The local identity provider's password hashes carry their scrypt cost, so a hash made at the
 * tests' lower cost and one made at the default (or before the cost was written) both verify.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, passwordMatches } from '#local/identity/user-sessions';

const saved = process.env.LOCAL_PASSWORD_HASH_COST;
afterEach(() => {
  if (saved === undefined) delete process.env.LOCAL_PASSWORD_HASH_COST;
  else process.env.LOCAL_PASSWORD_HASH_COST = saved;
});

describe('local password hashes', () => {
  it('are made at LOCAL_PASSWORD_HASH_COST, or the default when it is unset or not a power of two, and verify whatever the setting is now', async () => {
    process.env.LOCAL_PASSWORD_HASH_COST = '1024';
    const cheap = await hashPassword('Correct-Horse-9battery');
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    for (const setting of ['3000', 'lots', '']) {
      process.env.LOCAL_PASSWORD_HASH_COST = setting;
      expect(await hashPassword('Correct-Horse-9battery')).toMatch(/^scrypt\$16384\$/);
    }
    delete process.env.LOCAL_PASSWORD_HASH_COST;
    expect(await passwordMatches('Correct-Horse-9battery', cheap)).toBe(true);
    expect(await passwordMatches('Correct-Horse-9batterY', cheap)).toBe(false);
  });

  it('verifies a hash written before the cost was (scrypt$salt$hash, at the default cost)', async () => {
    const salt = randomBytes(16);
    const old = `scrypt$${salt.toString('base64')}$${scryptSync('Correct-Horse-9battery', salt, 32).toString('base64')}`;
    expect(await passwordMatches('Correct-Horse-9battery', old)).toBe(true);
    expect(await passwordMatches('Wrong-Horse-9battery', old)).toBe(false);
    expect(await passwordMatches('Correct-Horse-9battery', 'scrypt$nonsense')).toBe(false);
  });
});
