/**
 * E-mail as the use-cases send it: Amazon SES (adapters/mail/ses.ts), or the dev outbox the local
 * stack installs in its place (stand-ins.ts). The use-cases never know which.
 */
import { log } from '#adapters/log';
import { sendWithSes } from '#adapters/mail/ses';
import { suppressionStore } from '#adapters/store/suppression-store';
import { productMailer } from '#domain/messages/suppression';
import type { Mailer } from '#domain/ports/mail';
import { config } from '#lambdas/config';
import { standIn } from './stand-ins';

export const sendMail: Mailer = (mail) => (standIn('mailer') ?? sendWithSes)(mail);

/** Whether mail can go anywhere: the dev outbox, or a sender identity (MAIL_FROM_ADDRESS). */
export const canSendMail = (): boolean => standIn('mailer') !== undefined || Boolean(config().mailFromAddress);

/**
 * The product's own mail about an applicant's application (the confirmation, a release notice):
 * not written to an address SES reported as hard-bouncing or complaining (the suppression list),
 * still to one that unsubscribed from the office's mailings (domain/messages/suppression.ts).
 */
export const sendProductMail: Mailer = productMailer(sendMail, suppressionStore, (_to, reason) =>
  log.info('product mail not sent: the address is suppressed', { reason }),
);
