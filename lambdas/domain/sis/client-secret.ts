/**
 * A machine client's secret: random, shown once, kept as an scrypt hash (as the local identity
 * provider keeps passwords), compared in constant time.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCallback) as (secret: string, salt: Buffer, length: number) => Promise<Buffer>;

/** 32 random bytes, base64url: what an admin copies into the other system once. */
export const newClientSecret = (): string => randomBytes(32).toString('base64url');
/** 26 characters of [a-z0-9], as Cognito's app client ids look. */
export const newClientId = (): string => [...randomBytes(26)].map((b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');

export async function hashClientSecret(secret: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scrypt(secret, salt, 32)).toString('base64')}`;
}

export async function clientSecretMatches(secret: string, stored: string): Promise<boolean> {
  const [kind, salt, hash] = stored.split('$');
  if (kind !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  return timingSafeEqual(await scrypt(secret, Buffer.from(salt, 'base64'), expected.length), expected);
}
