/** TOTP (RFC 6238) for the local staff users, through otpauth: 6 digits, 30 s, SHA-1, as Cognito. */
import { Secret, TOTP } from 'otpauth';

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The time step a code belongs to (±1 step for clock drift), or undefined when it is wrong.
 * Callers refuse a step at or before the last one used, so a code works once.
 */
export function totpStep(secret: string, code: string, now: number = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const delta = totp.validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now / 1000 / 30) + delta;
}
