/**
 * The one e-mail of retention: an account never submitted will be deleted, sign in to keep it.
 * It names the date and the policy, never anything the applicant wrote (the office words it in Settings).
 */
import { institutionMail } from '#form/institution-mail';
import type { RetentionConfig } from '#form/types';
import type { OutgoingMail } from '../ports/mail';

/**
 * The UTC day the erasure is due, in words: erasures happen from the first instant of that day
 * (rules.ts), so "sign in before" it is true on every clock.
 */
const utcDayInWords = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(at);

export function warningMail(to: string, deletionAt: Date, policy: RetentionConfig, origin: string): OutgoingMail {
  const signIn = new URL('/login', origin).href;
  return institutionMail('retentionWarning', to, { deletion_date: utcDayInWords(deletionAt), retention_days: String(policy.unsubmittedDays) }, signIn);
}
