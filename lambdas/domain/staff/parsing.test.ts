import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '#form/wire/input';
import { parseListQuery, parseStaffLogin, parseTemporaryLink } from '#form/wire/staff';
import { Invalid } from '../errors';
import { decodeCursor, encodeCursor } from './listing';
import { otpauthUri } from './sign-in';
import { temporaryLinkUrl } from './temporary-links';

describe('staff sign-in bodies', () => {
  it('reads each step, the e-mail lower-cased and the code without spaces', () => {
    expect(parseStaffLogin({ email: ' Ada@Example.EDU ', password: 'p' })).toEqual({ step: 'password', email: 'ada@example.edu', password: 'p' });
    expect(parseStaffLogin({ email: 'a@example.edu', challenge: 'SOFTWARE_TOKEN_MFA', session: 's', code: '123 456' })).toEqual({
      step: 'SOFTWARE_TOKEN_MFA',
      email: 'a@example.edu',
      session: 's',
      code: '123456',
    });
    expect(parseStaffLogin({ email: 'a@example.edu', challenge: 'NEW_PASSWORD_REQUIRED', session: 's', new_password: 'x' })).toMatchObject({
      step: 'NEW_PASSWORD_REQUIRED',
      newPassword: 'x',
    });
  });

  it('refuses anything else with InputError, never another error', () => {
    fc.assert(
      fc.property(fc.anything(), (raw) => {
        try {
          parseStaffLogin(raw);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
    );
  });

  it('builds the otpauth URI an authenticator reads', () => {
    const uri = new URL(otpauthUri('ada@example.edu', 'JBSWY3DPEHPK3PXP'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(decodeURIComponent(uri.pathname)).toContain('ada@example.edu');
  });
});

describe('list queries and cursors', () => {
  it('round-trips a cursor and refuses forged or unknown parameters', () => {
    const key = { pk: 'abc', sk: 'answers', submitted_index: 'submitted', submitted_sort: '2026-01-01T00:00:00.000Z#abc' };
    const cursor = encodeCursor(key)!;
    expect(parseListQuery({ cursor, term: ' 2027FA ' })).toEqual({ filters: { term: '2027FA' }, cursor });
    expect(decodeCursor(cursor)).toEqual(key);
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(encodeCursor(undefined)).toBeNull();
    expect(() => decodeCursor(Buffer.from(JSON.stringify({ id: 'abc', at: '2026#other' })).toString('base64url'))).toThrow(Invalid);
    expect(() => decodeCursor('x')).toThrow(Invalid);
    expect(() => parseListQuery({ sort: 'name' })).toThrow(InputError);
    expect(() => parseListQuery({ cursor }, false)).toThrow(InputError);
    expect(() => parseListQuery({ q: 'x'.repeat(201) })).toThrow(InputError);
  });
});

describe('temporary link bodies', () => {
  it('takes known answer keys and a lifetime of 1 to 90 days', () => {
    expect(parseTemporaryLink({ answer: { first_name: 'Ada' }, expires_in_days: 90 })).toEqual({ answer: { first_name: 'Ada' }, expiresInDays: 90 });
    for (const bad of [
      { answer: { first_name: 'Ada' }, expires_in_days: 1.5 },
      { answer: { first_name: 'Ada' } },
      { answer: { is_admin: 'y' }, expires_in_days: 1 },
      { answer: { first_name: 'Ada' }, expires_in_days: 1, extra: 1 },
    ]) {
      expect(() => parseTemporaryLink(bad), JSON.stringify(bad)).toThrow(InputError);
    }
    expect(temporaryLinkUrl('https://apply.example.edu', 'a+b')).toBe('https://apply.example.edu/about?token=a%2Bb');
  });
});
