import { describe, expect, it } from 'vitest';
import { Unauthorized } from '../errors';
import type { StaffAuthStep, StaffIdentityProvider } from '../ports/staff-identity';
import { STAFF_TEXT, staffSignIn } from './sign-in';

const named = (name: string) => Object.assign(new Error(name), { name });

/** A staff pool whose password step asks for the code and whose code step accepts only `123456`. */
function pool(): StaffIdentityProvider {
  const refuse = () => Promise.reject(new Error('not used here'));
  return {
    initiateAuth: (_email, password) =>
      password === 'right'
        ? Promise.resolve<StaffAuthStep>({ kind: 'challenge', challenge: 'SOFTWARE_TOKEN_MFA', session: 's1' })
        : Promise.reject(named('NotAuthorizedException')),
    respondNewPassword: refuse,
    respondMfaSetup: refuse,
    respondSoftwareTokenMfa: (_email, _session, code) =>
      code === '123456'
        ? Promise.resolve<StaffAuthStep>({ kind: 'tokens', tokens: { accessToken: 'a', refreshToken: 'r', expiresIn: 3600 } })
        : Promise.reject(named('CodeMismatchException')),
    refresh: refuse,
    globalSignOut: refuse,
    revokeToken: refuse,
  };
}

function recorded() {
  const audited: string[] = [];
  return {
    audited,
    audit: (staff: string, action: string) => Promise.resolve(audited.push(`${action}:${staff}`)),
    recordSignIn: (email: string) => Promise.resolve(void audited.push(`last sign-in:${email}`)),
  };
}

describe("a staff member's sign-in", () => {
  it('records nothing for a step that leads to the next challenge, or for a wrong password', async () => {
    const r = recorded();
    expect(await staffSignIn({ idp: pool(), ...r }, { step: 'password', email: 'ada@office.edu', password: 'right' })).toEqual({
      challenge: 'SOFTWARE_TOKEN_MFA',
      session: 's1',
    });
    await expect(staffSignIn({ idp: pool(), ...r }, { step: 'password', email: 'ada@office.edu', password: 'wrong' })).rejects.toThrow(STAFF_TEXT.badPassword);
    expect(r.audited).toEqual([]);
  });

  it('records a wrong authenticator code, and still refuses it', async () => {
    const r = recorded();
    const refused = staffSignIn({ idp: pool(), ...r }, { step: 'SOFTWARE_TOKEN_MFA', email: 'ada@office.edu', session: 's1', code: '000000' });
    await expect(refused).rejects.toBeInstanceOf(Unauthorized);
    expect(r.audited).toEqual(['mfa-failed:ada@office.edu']);
  });

  it("records the completed sign-in, and the staff user's last sign-in (lower-cased), and answers its tokens", async () => {
    const r = recorded();
    const answer = await staffSignIn({ idp: pool(), ...r }, { step: 'SOFTWARE_TOKEN_MFA', email: 'Ada@Office.edu', session: 's1', code: '123456' });
    expect(answer).toEqual({ tokens: { accessToken: 'a', refreshToken: 'r', expiresIn: 3600 } });
    expect(r.audited).toEqual(['sign-in:Ada@Office.edu', 'last sign-in:ada@office.edu']);
  });
});
