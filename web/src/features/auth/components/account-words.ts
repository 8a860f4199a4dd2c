import { ACCOUNT_MESSAGES } from '#form/account-rules';
import { PASSWORD_MIN_LENGTH, passwordRules } from '#form/passwords';
import { translate } from '#web/lib/i18n';

/**
 * The account rules (form/account-rules.ts) speak the institution's language, as the account
 * Lambdas answer with them; the cards show each in the applicant's. Their English words are the
 * catalog's (form/i18n/i18n.test.ts holds the two together), so a message finds its id by them.
 */
const IDS = new Map<string, string>([
  ...Object.entries(ACCOUNT_MESSAGES).map(([name, message]): [string, string] => [message, `account.${name}`]),
  ...passwordRules.map((rule): [string, string] => [rule.message, `password.error.${rule.id}`]),
]);

/** An account rule's message in the active language (a message of no rule as it is). */
export function accountMessage(message: string): string {
  const id = IDS.get(message);
  return id ? translate(id, { min: PASSWORD_MIN_LENGTH }) : message;
}
