import { useId } from 'react';
import { PASSWORD_MIN_LENGTH, PASSWORD_SPECIAL_CHARACTERS, passwordRules, passwordRuleStates } from '#form/passwords';
import { useT } from '#web/lib/i18n';
import { Field } from './fields';

const PREFIX = { inactive: '', error: 'password.notMet', success: 'password.met' } as const;
/** The rules' words' values: the length and the special characters (spaced, so each is read). */
const RULE_VALUES = { min: PASSWORD_MIN_LENGTH, characters: PASSWORD_SPECIAL_CHARACTERS.split('').join(' ') };

/** The live requirement list, updated as the password is typed: inactive while empty, error or success per rule. */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  const t = useT();
  const states = passwordRuleStates(password);
  return (
    <div className="password-rules">
      <p id={`${id}-title`}>{t('password.title')}</p>
      <ul id={id} aria-labelledby={`${id}-title`}>
        {passwordRules.map((rule) => {
          const state = states[rule.id];
          return (
            <li key={rule.id} className={`rule rule--${state}`} data-state={state}>
              <span aria-hidden="true" className="rule__icon">
                {state === 'success' ? '✓' : state === 'error' ? '✗' : '•'}
              </span>
              <span className="visually-hidden">{PREFIX[state] && t(PREFIX[state])}</span>
              {t(`password.rule.${rule.id}`, RULE_VALUES)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** A new-password input with the live requirement list beneath it, tied by aria-describedby (sign-up, reset). */
export function NewPasswordField({ label, value, onValue, errors }: { label: string; value: string; onValue: (v: string) => void; errors?: string[] }) {
  const rulesId = useId();
  return (
    <div>
      <Field label={label} name="password" type="password" autoComplete="new-password" value={value} onValue={onValue} errors={errors} describedBy={rulesId} />
      <PasswordRules id={rulesId} password={value} />
    </div>
  );
}
