import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, PASSWORD_SPECIAL_CHARACTERS, passwordRuleStates, passwordRules, validateAccountForm } from './account';

const GOOD = 'Abcdefghij1!';
const rule = (id: string) => passwordRules.find((r) => r.id === id)!.message;

describe('account forms', () => {
  it.each([
    ['login', { username: 'not-an-email', password: 'x' }, 'username', M.loginEmail],
    ['login', { username: '', password: 'x' }, 'username', M.loginEmail],
    ['login', { username: 'a@b.co', password: '' }, 'password', M.passwordRequired],
    ['signup', { username: 'a@b', password: GOOD }, 'username', M.email],
    ['signup', { username: 'a b@c.de', password: GOOD }, 'username', M.email],
    ['signup', { username: 'a\u0000b@example.com', password: GOOD }, 'username', M.email],
    ['signup', { username: `${'x'.repeat(65)}@example.com`, password: GOOD }, 'username', M.email],
    ['signup', { username: `a@${'b'.repeat(250)}.com`, password: GOOD }, 'username', M.email],
    ['signup', { username: 'a@b.co', password: '' }, 'password', M.passwordRequired],
    ['confirm', { username: 'a@b.co', code: '12345' }, 'code', M.code],
    ['confirm', { username: 'a@b.co', code: '1234567' }, 'code', M.code],
    ['confirm', { username: 'a@b.co', code: '12a456' }, 'code', M.code],
    ['forgot', { username: 'nope' }, 'username', M.email],
    ['resend', { username: '' }, 'username', M.resendEmail],
    ['reset', { username: 'a@b.co', password: GOOD, confirm_password: GOOD + 'x', id: '123456' }, 'confirm_password', M.passwordsMatch],
    ['reset', { username: 'a@b.co', password: GOOD, confirm_password: GOOD, id: '' }, 'id', M.resetId],
  ] as const)('%s %o reports %s: %s', (kind, values, field, message) => {
    expect(validateAccountForm(kind, values)[field]).toContain(message);
  });

  it.each([
    ['login', { username: 'a@b.co', password: 'x' }],
    ['signup', { username: 'a@b.co', password: GOOD }],
    ['confirm', { username: 'a@b.co', code: '012345' }],
    ['forgot', { username: 'a@b.co' }],
    ['resend', { username: 'a@b.co' }],
    ['reset', { username: 'a@b.co', password: GOOD, confirm_password: GOOD, id: '123456' }],
  ] as const)('a valid %s form has no errors', (kind, values) => {
    expect(validateAccountForm(kind, values)).toEqual({});
  });

  it('collects every failed password rule at once', () => {
    const errors = validateAccountForm('signup', { username: 'a@b.co', password: ' abc' });
    expect(errors.password).toEqual(expect.arrayContaining([rule('length'), rule('uppercase'), rule('number'), rule('special'), rule('whitespace')]));
    expect(errors.password).not.toContain(rule('lowercase'));
    expect(errors.password).not.toContain(M.passwordRequired);
  });

  it('an empty new password reports only that it is required', () => {
    expect(validateAccountForm('reset', { password: '' }).password).toEqual([M.passwordRequired]);
  });

  it('onlyFields limits the report to the fields asked for', () => {
    const errors = validateAccountForm('signup', { username: 'x', password: '' }, ['password']);
    expect(Object.keys(errors)).toEqual(['password']);
  });

  it('non-string values count as empty', () => {
    expect(validateAccountForm('login', { username: 42, password: null }).password).toEqual([M.passwordRequired]);
  });
});

describe('password rules', () => {
  it.each([
    ['length', 'Abcdefghi1!', 'Abcdefghij1!'],
    ['uppercase', 'abcdefghij1!', 'Abcdefghij1!'],
    ['lowercase', 'ABCDEFGHIJ1!', 'ABCDEFGHIj1!'],
    ['number', 'Abcdefghijk!', 'Abcdefghij1!'],
    ['special', 'Abcdefghijk1', 'Abcdefghij1~'],
    ['whitespace', ' Abcdefghij1!', 'Abc defghij1!'],
    ['whitespace', 'Abcdefghij1! ', 'Abcdefghij1!'],
  ] as const)('%s fails on %j and passes on %j', (id, failing, passing) => {
    const r = passwordRules.find((x) => x.id === id)!;
    expect(r.test(failing)).toBe(false);
    expect(r.test(passing)).toBe(true);
  });

  it.each(PASSWORD_SPECIAL_CHARACTERS.split(''))('%s counts as a special character', (c) => {
    expect(passwordRules.find((x) => x.id === 'special')!.test(`Abcdefghij1${c}`)).toBe(true);
  });

  it('the requirement list is inactive while empty, then error or success per rule', () => {
    expect(new Set(Object.values(passwordRuleStates('')))).toEqual(new Set(['inactive']));
    const states = passwordRuleStates('abc');
    expect(states.lowercase).toBe('success');
    expect(states.uppercase).toBe('error');
    expect(states.length).toBe('error');
  });
});
