/**
 * Suppression and one-click unsubscribe (issue 40, item 5).
 *
 * Which mail an entry stops (`suppresses`): a bounced or complained address gets nothing more from
 * a mailing, of either kind (the mail service counts every further bounce or complaint against
 * the institution's sender, and its confirmation and decision mail would stop with it); an
 * unsubscribed address gets no marketing mailing, but still what concerns its own application
 * (transactional mail, which says why it is sent). An entry only grows stronger: an address that
 * unsubscribed and then bounced is bounced; a later unsubscribe leaves a bounce as it is.
 *
 * The unsubscribe link (`/unsubscribe?t=TOKEN`, RFC 8058's one-click POST and a page for a person
 * whose button posts the same) is its own credential: 256 random bits, stored only hashed, tied to
 * the address the message went to, and kept UNSUBSCRIBE_LINK_DAYS (people unsubscribe from old
 * mail: a link that stopped working would leave them only the spam button, a complaint). Using it
 * again changes nothing and says so. Guessing is hopeless (2^256), and bounded besides: a client's
 * unknown tokens are counted (UNSUBSCRIBE_MISSES a hour, then 429), and a known token's uses too
 * (UNSUBSCRIBE_USES a hour), per token rather than per client, since the one-click POSTs of one
 * mail provider all come from its few servers.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#form/i18n/languages';
import { serverText } from '#form/i18n/server-words';
import { institution } from '#form/institution';
import type { MailingKind } from '#form/wire/messages';
import { UNSUBSCRIBE_PATH, type SuppressionList, type SuppressionReason, type UnsubscribeView } from '#form/wire/suppression';
import { NotFound, TooManyRequests } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { Mailer } from '../ports/mail';
import type { RateLimiter } from '../ports/recommendations';
import { UNSUBSCRIBE_MISSES_SCOPE, UNSUBSCRIBE_USES_SCOPE, type Suppressions, type UnsubscribeTokens } from '../ports/suppression';

/** How long an unsubscribe link works: two years (decisions.md, "Unsubscribe links"). */
export const UNSUBSCRIBE_LINK_DAYS = 730;
export const UNSUBSCRIBE_LINK_SECONDS = UNSUBSCRIBE_LINK_DAYS * 86_400;
/** Unknown tokens one client may try in an hour before it is refused (429). */
export const UNSUBSCRIBE_MISSES = 20;
/** Uses of one known token in an hour (a person's clicks and a provider's one-click POST together). */
export const UNSUBSCRIBE_USES = 10;
const HOUR_SECONDS = 3600;

/** Whether an entry of this reason stops a mailing of this kind. */
export function suppresses(reason: SuppressionReason, kind: MailingKind): boolean {
  return reason !== 'unsubscribed' || kind === 'marketing';
}

/**
 * Whether an entry stops the product's own mail about the applicant's application (the submission's
 * confirmation, a release notice, the reminders): a hard bounce and a complaint do (the mail
 * service counts each further one against the institution's sender; the applicant reads the same
 * on their status page and Messages), an unsubscribe does not (that mail is transactional).
 */
export const stopsProductMail = (reason: SuppressionReason): boolean => reason !== 'unsubscribed';

/** The provider's id a skipped product mail is recorded with: nothing was sent, and nothing is sent again for it. */
const SUPPRESSED_MESSAGE_ID = (reason: SuppressionReason): string => `suppressed:${reason}`;

/**
 * The mailer of the product's own mail to applicants: the suppression list read first, and an
 * address it stops (stopsProductMail) not written to. It answers as a send does (the mail's claim
 * is marked done with SUPPRESSED_MESSAGE_ID, so no retry sends it later), and `skipped` is told.
 */
export function productMailer(
  sendMail: Mailer,
  suppressions: Pick<Suppressions, 'readSuppression'>,
  skipped: (to: string, reason: SuppressionReason) => void = () => undefined,
): Mailer {
  return async (mail) => {
    const entry = await suppressions.readSuppression(mail.to);
    if (entry && stopsProductMail(entry.reason)) {
      skipped(mail.to, entry.reason);
      return SUPPRESSED_MESSAGE_ID(entry.reason);
    }
    return sendMail(mail);
  };
}

/** Addresses compare without case or surrounding spaces (what mail services do in practice). */
export const normalEmail = (email: string): string => email.trim().toLowerCase();

/** The address half hidden (a link forwarded to someone else shows little): `a•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export const SUPPRESSION_TEXT = {
  /** The ledger's reason for a skipped recipient, as the mailing's page shows it. */
  skipped: (reason: SuppressionReason) =>
    ({
      unsubscribed: 'Not sent: the address unsubscribed from the office’s mailings.',
      bounced: 'Not sent: mail to this address bounced, so nothing more is sent to it.',
      complained: 'Not sent: the recipient reported the office’s mail as spam, so nothing more is sent to it.',
    })[reason],
  unknown: 'This unsubscribe link is not known: it may be incomplete. Open the link from the e-mail again, or write to the office.',
  tooMany: 'Too many tries of unsubscribe links from here: wait an hour, then open the link again.',
  view: (masked: string, done: boolean) =>
    done
      ? `${masked} is unsubscribed already: it receives no more of the office’s mailings, only messages about its own application.`
      : `Unsubscribe ${masked} from the mailings of ${institution.name}? Messages about your own application (its deadline, missing materials, your decision) still reach you.`,
  done: (masked: string) =>
    `${masked} is unsubscribed: it receives no more of the mailings of ${institution.name}. Messages about your own application still reach you.`,
  notListed: 'That address is not on the suppression list.',
} as const;

/** The link of a message in `language`: the page it opens goes on in that language (`&lang=`; none for the institution's). */
export const unsubscribeUrl = (origin: string, token: string, language: LanguageCode = DEFAULT_LANGUAGE): string =>
  new URL(`${UNSUBSCRIBE_PATH}?t=${token}${language === DEFAULT_LANGUAGE ? '' : `&lang=${language}`}`, origin).href;

/** RFC 2369's and RFC 8058's headers: the one-click POST to the link. */
export const unsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/** The marketing message's last lines, in the recipient's language: why it came, and the link for a person. */
export const unsubscribeFooter = (url: string, language: LanguageCode = DEFAULT_LANGUAGE): string =>
  serverText(language, 'mail.mailing.unsubscribe', { institution: institution.name, link: url });

const tokenKey = (token: string) => createHash('sha256').update(token).digest('hex');

export interface UnsubscribePorts {
  suppressions: Pick<Suppressions, 'readSuppression' | 'putSuppression'>;
  tokens: Pick<UnsubscribeTokens, 'resolveUnsubscribeToken'>;
  limiter: RateLimiter;
  now(): Date;
}

/** The token's address, counted: a client's unknown tokens, a known token's uses. */
async function grantOf(ports: UnsubscribePorts, token: string, client: string) {
  const now = ports.now();
  const grant = await ports.tokens.resolveUnsubscribeToken(token, now);
  const counted = grant
    ? await ports.limiter.hit(UNSUBSCRIBE_USES_SCOPE, tokenKey(token), HOUR_SECONDS, UNSUBSCRIBE_USES, now)
    : await ports.limiter.hit(UNSUBSCRIBE_MISSES_SCOPE, client, HOUR_SECONDS, UNSUBSCRIBE_MISSES, now);
  if (!counted.allowed) throw new TooManyRequests(SUPPRESSION_TEXT.tooMany);
  if (!grant) throw new NotFound(SUPPRESSION_TEXT.unknown);
  return grant;
}

/** GET /unsubscribe?t=: whose link it is and whether it is unsubscribed already; changes nothing (mail scanners follow links). */
export async function readUnsubscribe(ports: UnsubscribePorts, token: string, client: string): Promise<UnsubscribeView> {
  const grant = await grantOf(ports, token, client);
  const entry = await ports.suppressions.readSuppression(grant.email);
  const masked = maskEmail(grant.email);
  return { message: SUPPRESSION_TEXT.view(masked, entry !== undefined), email: masked, unsubscribed: entry !== undefined };
}

/** POST /unsubscribe?t=: the address suppressed for marketing mail; again, nothing changes (an entry never weakens). */
export async function unsubscribe(ports: UnsubscribePorts, token: string, client: string): Promise<{ message: string }> {
  const grant = await grantOf(ports, token, client);
  if (!(await ports.suppressions.readSuppression(grant.email))) {
    await ports.suppressions.putSuppression({ email: normalEmail(grant.email), reason: 'unsubscribed', at: ports.now().toISOString(), detail: grant.mailing });
  }
  return { message: SUPPRESSION_TEXT.done(maskEmail(grant.email)) };
}

/** What the mail service reported of a message: a bounce (permanent or not) or a complaint, for its recipients. */
export interface MailFeedback {
  type: 'bounce' | 'complaint';
  /** A bounce that will not go away (no such mailbox); a transient one (a full mailbox) suppresses nothing. */
  permanent: boolean;
  emails: readonly string[];
  /** The service's words (the bounce's kind), kept with the entry. */
  detail: string;
}

export interface FeedbackPorts {
  suppressions: Pick<Suppressions, 'readSuppression' | 'putSuppression'>;
  now(): Date;
}

/** A bounce or a complaint: each address suppressed for every mailing (unless it is already); answers those it suppressed. */
export async function recordFeedback(ports: FeedbackPorts, feedback: MailFeedback): Promise<string[]> {
  if (feedback.type === 'bounce' && !feedback.permanent) return [];
  const reason: SuppressionReason = feedback.type === 'bounce' ? 'bounced' : 'complained';
  const suppressed: string[] = [];
  for (const email of new Set(feedback.emails.map(normalEmail))) {
    const entry = await ports.suppressions.readSuppression(email);
    if (entry && entry.reason !== 'unsubscribed') continue;
    await ports.suppressions.putSuppression({ email, reason, at: ports.now().toISOString(), detail: feedback.detail.slice(0, 200) });
    suppressed.push(email);
  }
  return suppressed;
}

/** GET /staff/api/suppressions: the list, newest first, each with its reason (admins). */
export async function listSuppressions(ports: { suppressions: Pick<Suppressions, 'listSuppressions'>; audit: StaffAudit }): Promise<SuppressionList> {
  await ports.audit({ action: 'suppressions' });
  return { suppressions: await ports.suppressions.listSuppressions() };
}

/** DELETE /staff/api/suppressions/{email}: an admin takes an address off the list (audited first); 404 when it is not on it. */
export async function deleteSuppression(
  ports: { suppressions: Pick<Suppressions, 'deleteSuppression'>; audit: StaffAudit },
  email: string,
): Promise<{ message: string }> {
  await ports.audit({ action: 'suppression.delete', detail: { email: normalEmail(email) } });
  if (!(await ports.suppressions.deleteSuppression(normalEmail(email)))) throw new NotFound(SUPPRESSION_TEXT.notListed);
  return { message: `${normalEmail(email)} is off the suppression list: the office’s mailings reach it again.` };
}
