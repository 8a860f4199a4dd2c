import { describe, expect, it } from 'vitest';
import { ACCOUNT_TEXT, startSession } from './accounts';
import { memoryApplications } from './applications/memory.test-support';
import { ALWAYS_OPEN } from './cycles/timetables.test-support';
import type { AccessClaims, IdentityProvider } from './ports/identity';

const named = (name: string) => Object.assign(new Error(name), { name });

/** An identity provider that knows one applicant, and the logins the status store was told of. */
function ports(verifies = true) {
  const logins: string[] = [];
  const idp = {
    initiateAuth: (username: string, password: string) =>
      username === 'ada@example.edu' && password === 'Correct-horse-9'
        ? Promise.resolve({ accessToken: 'token-of-sub-1', refreshToken: 'r', expiresIn: 3600 })
        : Promise.reject(named('NotAuthorizedException')),
  } as Pick<IdentityProvider, 'initiateAuth'> as IdentityProvider;
  const claims: AccessClaims = { sub: 'sub-1', username: 'uuid-1', iat: 1, exp: 2 };
  return {
    logins,
    ports: {
      idp,
      verifyAccessToken: () => Promise.resolve(verifies ? { ok: true as const, claims } : { ok: false as const, expired: false }),
      recordLogin: (sub: string, username: string) => {
        logins.push(`${sub}:${username}`);
        return Promise.resolve(logins.length === 1);
      },
      firstApplication: { applications: memoryApplications(), timetable: ALWAYS_OPEN },
    },
  };
}

describe("an applicant's login", () => {
  it("answers the session's tokens and notes the login under the verified token's subject", async () => {
    const m = ports();
    expect(await startSession(m.ports, { username: 'ada@example.edu', password: 'Correct-horse-9' })).toMatchObject({ accessToken: 'token-of-sub-1' });
    expect(m.logins).toEqual(['sub-1:ada@example.edu']);
  });

  it('refuses a wrong password with the one login message and notes nothing', async () => {
    const m = ports();
    await expect(startSession(m.ports, { username: 'ada@example.edu', password: 'nope' })).rejects.toThrow(ACCOUNT_TEXT.loginFailed);
    expect(m.logins).toEqual([]);
  });

  it('fails, noting nothing, when the provider issues a token that does not verify', async () => {
    const m = ports(false);
    await expect(startSession(m.ports, { username: 'ada@example.edu', password: 'Correct-horse-9' })).rejects.toThrow(/does not verify/);
    expect(m.logins).toEqual([]);
  });
});
