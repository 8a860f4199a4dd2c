import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '#form/wire/input';
import { parseAuditQuery, parseListQuery, parseStaffLogin, parseTemporaryLink } from '#form/wire/staff';
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
    expect(() => parseListQuery({ sort: 'age' })).toThrow(InputError);
    expect(() => parseListQuery({ cursor }, false)).toThrow(InputError);
    expect(() => parseListQuery({ q: 'x'.repeat(201) })).toThrow(InputError);
  });

  it('takes the cycle, round and late filters, and refuses a late filter other than true or false, in words', () => {
    expect(parseListQuery({ cycle: ' 2027 ', round: 'ea', late: 'true' }, false)).toEqual({ filters: { cycle: '2027', round: 'ea', late: 'true' } });
    expect(parseListQuery({ cycle: '', round: '', late: '' })).toEqual({ filters: {} });
    expect(() => parseListQuery({ late: 'yes' })).toThrow('The late filter is true (only applications submitted late) or false (only those on time).');
    expect(() => parseListQuery({ cycle: '<script>' })).toThrow('There is no cycle “<script>”: choose one of the configured cycles.');
  });
});

describe('access record queries', () => {
  const cursor = '2026-09-01T10:00:00.000Z#0b9c4a2e-5f1d-4c3b-9a8e-7d6f5e4c3b2a';

  it("reads one application's record, or the office-wide one with its filters", () => {
    expect(parseAuditQuery({ application: 'a-1', cursor })).toEqual({ application: 'a-1', cursor });
    expect(parseAuditQuery({})).toEqual({ filters: {} });
    expect(parseAuditQuery({ staff: ' Ada@Office.EDU ', action: 'erase', from: '2026-09-01', to: '2026-09-01', cursor })).toEqual({
      filters: { staff: 'ada@office.edu', action: 'erase', from: '2026-09-01', to: '2026-09-01' },
      cursor,
    });
    // The command line's records name the operator as the system does.
    expect(parseAuditQuery({ staff: 'cli:Ada' })).toEqual({ filters: { staff: 'cli:Ada' } });
    // Empty filters are no filters (a form sends every field).
    expect(parseAuditQuery({ staff: '', action: '', from: '', to: '' })).toEqual({ filters: {} });
  });

  it('refuses, in words, what is not a filter of the record', () => {
    const refused = (query: Record<string, string>) => {
      try {
        parseAuditQuery(query);
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
        return (error as Error).message;
      }
      throw new Error(`accepted ${JSON.stringify(query)}`);
    };
    expect(refused({ from: '2026-02-30' })).toBe('The start date (from) is not a date: write it as YYYY-MM-DD, for example 2026-09-01.');
    expect(refused({ to: '1/9/2026' })).toBe('The end date (to) is not a date: write it as YYYY-MM-DD, for example 2026-09-01.');
    expect(refused({ from: '2026-09-02', to: '2026-09-01' })).toBe('The start date (from) is after the end date (to).');
    expect(refused({ staff: 'ada' })).toMatch(/^The staff member is the e-mail address/);
    expect(refused({ staff: 'cli:' })).toMatch(/^The staff member/);
    expect(refused({ application: 'a-1', staff: 'ada@office.edu' })).toMatch(/office-wide record/);
    expect(refused({ cursor: 'page 2' })).toMatch(/cursor/);
    expect(refused({ who: 'ada' })).toBe('Unknown parameter: who.');
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
