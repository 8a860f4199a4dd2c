import { describe, expect, it } from 'vitest';
import type { AccessClaims, VerifyResult } from '../ports/identity';
import type { SessionRenewal } from '../session';
import { staffSignOut, type StaffSignOutPorts } from './sign-out';

const claims = (sub: string, jti: string): AccessClaims => ({ sub, username: 'Grace@Office.edu', iat: 1, exp: 2, origin_jti: jti });

/** The staff pool in memory: `refreshable` maps a refresh token to the session its new access token belongs to. */
function memory(opts: { verified?: boolean; refreshable?: Record<string, AccessClaims>; providerDown?: boolean } = {}) {
  const journal: string[] = [];
  const issued = new Map<string, AccessClaims>();
  const renewal: SessionRenewal = {
    refresh: (token) => {
      const c = opts.refreshable?.[token];
      if (!c) return Promise.reject(new Error('NotAuthorizedException'));
      issued.set(`access-${token}`, c);
      return Promise.resolve({ accessToken: `access-${token}`, expiresIn: 3600 });
    },
    verify: (token): Promise<VerifyResult> => {
      const c = issued.get(token);
      return Promise.resolve(c ? { ok: true, claims: c } : { ok: false, expired: false });
    },
    readSession: () => Promise.resolve({ revoked: [] }),
    keepAlive: () => Promise.resolve(),
    revoke: () => Promise.resolve(),
  };
  const ports: StaffSignOutPorts = {
    authenticated: () =>
      opts.verified
        ? Promise.resolve({ sub: 'staff-1', email: 'ada@office.edu', sessionId: 'jti-1', accessToken: 'live' })
        : Promise.reject(new Error('expired')),
    renewal,
    globalSignOut: (token) => {
      journal.push(`global:${token}`);
      return opts.providerDown ? Promise.reject(new Error('provider down')) : Promise.resolve();
    },
    signOutFailed: () => journal.push('warned'),
    recordSignOut: (owner, sessionId) => {
      journal.push(`record:${owner}:${sessionId}`);
      return Promise.resolve();
    },
    audit: (staff, action) => {
      journal.push(`audit:${action}:${staff}`);
      return Promise.resolve();
    },
  };
  return { ports, journal };
}

describe("a staff member's sign-out", () => {
  it('revokes the verified session at the provider and in its record, then records the sign-out', async () => {
    const m = memory({ verified: true });
    expect(await staffSignOut(m.ports, undefined)).toBe(true);
    expect(m.journal).toEqual(['global:live', 'record:staff#staff-1:jti-1', 'audit:sign-out:ada@office.edu']);
  });

  it('still ends the session in its record when the provider refuses the sign-out', async () => {
    const m = memory({ verified: true, providerDown: true });
    await staffSignOut(m.ports, undefined);
    expect(m.journal).toEqual(['global:live', 'warned', 'record:staff#staff-1:jti-1', 'audit:sign-out:ada@office.edu']);
  });

  it('ends the session an expired access token’s refresh token still opens', async () => {
    const m = memory({ refreshable: { 'refresh-2': claims('staff-2', 'jti-2') } });
    expect(await staffSignOut(m.ports, 'refresh-2')).toBe(true);
    expect(m.journal).toEqual(['global:access-refresh-2', 'record:staff#staff-2:jti-2', 'audit:sign-out:grace@office.edu']);
  });

  it('writes nothing when no session is live', async () => {
    for (const token of [undefined, 'unknown']) {
      const m = memory();
      expect(await staffSignOut(m.ports, token)).toBe(false);
      expect(m.journal).toEqual([]);
    }
  });
});
