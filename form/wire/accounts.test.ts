/**
 * The public account routes' inputs as the server parses them: each weak password refused with
 * the message the sign-up route answers in its 400 (`errors.password`; the error middleware turns
 * an InputError into `{message, errors}`). The route itself is exercised over HTTP once, in
 * test/integration/accounts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { signUpInput } from './accounts';
import { InputError } from './input';

const parseSignUp = signUpInput.body;

function refusal(raw: unknown): InputError {
  try {
    parseSignUp(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error(`accepted ${JSON.stringify(raw)}`);
}

describe("the sign-up route's password rules", () => {
  const weak: Array<[string, string]> = [
    ['Short-1a!', 'Password must be at least 12 characters.'],
    ['alllowercase-1!', 'Password must contain an uppercase letter.'],
    ['ALLUPPERCASE-1!', 'Password must contain a lowercase letter.'],
    ['No-Numbers-Here!', 'Password must contain a number.'],
    ['NoSpecial123456', 'Password must contain a special character.'],
    [' Leading-space-1', 'Password must not begin or end with a space.'],
  ];
  it.each(weak)('refuses the password %j with "%s"', (password, message) => {
    const error = refusal({ username: 'weak@example.edu', password });
    expect(error.errors?.password).toContain(message);
    // The 400's message is the first error, here the password's (the address is valid).
    expect(Object.keys(error.errors ?? {})).toEqual(['password']);
    expect(error.message).toBe(error.errors?.password?.[0]);
  });

  it('takes a strong password and a lower-cased address', () => {
    expect(parseSignUp({ username: 'Ada@Example.EDU', password: 'Correct-Horse-42!' })).toEqual({ username: 'ada@example.edu', password: 'Correct-Horse-42!' });
  });
});
