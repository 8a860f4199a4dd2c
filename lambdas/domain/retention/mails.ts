/**
 * The one e-mail of retention: an account never submitted will be deleted, sign in to keep it.
 * It names the date and the policy, never anything the applicant wrote (the office words it in Settings).
 */
import { languageOr } from '#form/i18n/server-words';
import { institutionMail } from '#form/institution-mail';
import { mailDayInWords } from '#form/mail-language';
import type { RetentionConfig } from '#form/types';
import type { OutgoingMail } from '../ports/mail';

/**
 * In the language saved on the account (issue 41), the institution's when none was chosen. The
 * deletion day is the UTC day the erasure is due: erasures happen from the first instant of that
 * day (rules.ts), so "sign in before" it is true on every clock.
 */
export function warningMail(to: string, deletionAt: Date, policy: RetentionConfig, origin: string, language?: string): OutgoingMail {
  const lang = languageOr(language);
  const signIn = new URL('/login', origin).href;
  const values = {
    deletion_date: mailDayInWords(deletionAt, lang),
    retention_days: new Intl.NumberFormat(lang, { useGrouping: false }).format(policy.unsubmittedDays),
  };
  return institutionMail('retentionWarning', to, values, signIn, lang);
}
