import { describe, expect, it } from 'vitest';
import { accountSchemas, validateAccountForm, type AccountFormKind } from './account';
import { accountFields, checkAccountForm } from './account-rules';

const KINDS: AccountFormKind[] = ['login', 'signup', 'confirm', 'forgot', 'reset', 'resend'];
const USERNAMES = [
  '',
  'ada@example.edu',
  'Ada.Lovelace+x@Example.EDU',
  'not an address',
  'a@b',
  `${'a'.repeat(65)}@example.edu`,
  `a@${'b'.repeat(250)}.edu`,
  '  ada@example.edu',
];
const PASSWORDS = [
  '',
  'short',
  'alllowercase12!',
  'ALLUPPERCASE12!',
  'NoDigitsHere!!ab',
  'NoSpecial12345ab',
  'Good-Password-12',
  'Has Space 12!Ab',
  'Good-Password-12 ',
  '😀😀😀😀😀😀😀😀😀😀😀😀',
];
const CODES = ['', '123456', '12345', '1234567', 'abcdef', ' 123456'];
const IDS = ['', '   ', 'abc-123'];

/** Every combination of a few values per field, and values that are not strings. */
function* samples(kind: AccountFormKind): Generator<Record<string, unknown>> {
  const fields = accountFields(kind);
  const choices: Record<string, readonly unknown[]> = {
    username: USERNAMES,
    password: PASSWORDS,
    code: CODES,
    id: IDS,
    confirm_password: ['', 'Good-Password-12', 'other'],
  };
  const at = (i: number): Record<string, unknown> => Object.fromEntries(fields.map((f, k) => [f, choices[f]![(i + k * 3) % choices[f]!.length]]));
  for (let i = 0; i < 200; i++) yield at(i);
  yield {};
  yield Object.fromEntries(fields.map((f) => [f, 42]));
  yield Object.fromEntries(fields.map((f) => [f, null]));
  if (fields.includes('password') && fields.includes('confirm_password'))
    for (const p of PASSWORDS) yield { username: 'ada@example.edu', password: p, confirm_password: p, id: 'x' };
}

describe('the account rules without yup', () => {
  it.each(KINDS)('read the fields of the %s card', (kind) => {
    expect(accountFields(kind)).toEqual(Object.keys(accountSchemas[kind].fields));
  });

  it.each(KINDS)("give the %s card schema's messages, per field in the same order", (kind) => {
    let failing = 0;
    for (const values of samples(kind)) {
      const ours = checkAccountForm(kind, values);
      const yups = validateAccountForm(kind, values);
      expect(ours, JSON.stringify(values)).toEqual(yups);
      // The first message is the one a route answers: the fields' order counts too.
      expect(Object.keys(ours), JSON.stringify(values)).toEqual(Object.keys(yups));
      if (Object.keys(ours).length) failing++;
    }
    expect(failing).toBeGreaterThan(10);
  });
});
