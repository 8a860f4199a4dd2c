import { describe, expect, it } from 'vitest';
import { Unauthorized } from './errors';
import type { AccessClaims } from './ports/identity';
import type { SessionItem } from './ports/status';
import { renewSession, sessionEnded, type SessionRenewal } from './session';

const claims: AccessClaims = { sub: 'ada', username: 'ada@example.edu', iat: 1_000, exp: 2_000, origin_jti: 'session-1' };

function provider(session: SessionItem, known = 'refresh-1', alive = true, revoked: string[] = []): SessionRenewal {
  return {
    refresh: (token) =>
      token === known
        ? Promise.resolve({ accessToken: 'access-2', expiresIn: 900 })
        : Promise.reject(Object.assign(new Error('Refresh Token has been revoked'), { name: 'NotAuthorizedException' })),
    verify: (token) => Promise.resolve(token === 'access-2' ? { ok: true, claims } : { ok: false, expired: false }),
    readSession: () => Promise.resolve(session),
    keepAlive: () => (alive ? Promise.resolve() : Promise.reject(new Unauthorized('idle'))),
    revoke: (token) => {
      revoked.push(token);
      return Promise.resolve();
    },
  };
}

describe('sessions', () => {
  it('end for tokens issued before the last sign-out, and for a revoked session', () => {
    expect(sessionEnded({ revoked: [] }, claims)).toBe(false);
    expect(sessionEnded({ signedOutAt: 1_001, revoked: [] }, claims)).toBe(true);
    expect(sessionEnded({ signedOutAt: 999, revoked: [] }, claims)).toBe(false);
    expect(sessionEnded({ revoked: ['session-1'] }, claims)).toBe(true);
  });

  it('renew a live session with its refresh token', async () => {
    await expect(renewSession(provider({ revoked: [] }), 'refresh-1')).resolves.toEqual({ accessToken: 'access-2', expiresIn: 900 });
  });

  it('refuse no refresh token, one the provider refuses, and a signed-out session', async () => {
    await expect(renewSession(provider({ revoked: [] }), undefined)).rejects.toBeInstanceOf(Unauthorized);
    await expect(renewSession(provider({ revoked: [] }), 'forged')).rejects.toBeInstanceOf(Unauthorized);
    await expect(renewSession(provider({ revoked: ['session-1'] }), 'refresh-1')).rejects.toBeInstanceOf(Unauthorized);
    const staffRefusal = await renewSession(provider({ revoked: [] }), undefined, () => new Unauthorized('staff signed out')).catch((e: unknown) => e);
    expect((staffRefusal as Error).message).toBe('staff signed out');
  });

  it('refuse a session that sat idle or outlived its lifetime with its own message, and revoke its refresh token', async () => {
    const revoked: string[] = [];
    const refusal = await renewSession(provider({ revoked: [] }, 'refresh-1', false, revoked), 'refresh-1').catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(Unauthorized);
    expect((refusal as Error).message).toBe('idle');
    expect(revoked).toEqual(['refresh-1']);
    // A live session's token is left alone.
    await renewSession(provider({ revoked: [] }, 'refresh-1', true, revoked), 'refresh-1');
    expect(revoked).toEqual(['refresh-1']);
  });
});
