/** The password rules: the live requirement list of the auth cards and the servers' own checks (no yup). */

/** Cognito's password special characters. */
export const PASSWORD_SPECIAL_CHARACTERS = '^$*.[]{}()?"!@#%&/\\,><\':;|_~`=+-';

export const PASSWORD_MIN_LENGTH = 12;
/** Staff passwords: the applicant rules and a longer minimum (the staff pool's policy says the same). */
export const STAFF_PASSWORD_MIN_LENGTH = 14;

export interface PasswordRule {
  readonly id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special' | 'whitespace';
  /** Text of the live requirement list. */
  readonly label: string;
  /** Validation message when the rule fails. */
  readonly message: string;
  readonly test: (password: string) => boolean;
}

export const passwordRules: readonly PasswordRule[] = [
  {
    id: 'length',
    label: `At least ${PASSWORD_MIN_LENGTH} characters`,
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
    test: (p) => p.length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    label: 'An uppercase letter',
    message: 'Password must contain an uppercase letter.',
    test: (p) => /[A-Z]/.test(p),
  },
  {
    id: 'lowercase',
    label: 'A lowercase letter',
    message: 'Password must contain a lowercase letter.',
    test: (p) => /[a-z]/.test(p),
  },
  {
    id: 'number',
    label: 'A number',
    message: 'Password must contain a number.',
    test: (p) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    label: `A special character (${PASSWORD_SPECIAL_CHARACTERS.split('').join(' ')})`,
    message: 'Password must contain a special character.',
    test: (p) => [...p].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
  {
    id: 'whitespace',
    label: 'No spaces at the beginning or end',
    message: 'Password must not begin or end with a space.',
    test: (p) => p === p.trim(),
  },
];

export type PasswordRuleState = 'inactive' | 'error' | 'success';

/** State of each requirement for the live list: inactive while the password is empty. */
export function passwordRuleStates(password: string): Record<PasswordRule['id'], PasswordRuleState> {
  const states = {} as Record<PasswordRule['id'], PasswordRuleState>;
  for (const rule of passwordRules) {
    states[rule.id] = password === '' ? 'inactive' : rule.test(password) ? 'success' : 'error';
  }
  return states;
}
