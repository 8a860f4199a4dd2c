/**
 * The product's own mail about an applicant's application, past the suppression list: a module of
 * its own, so that only the functions that send it (the confirmation, the releases) reach the
 * suppression store (the infra tests hold each function to the calls its modules make).
 */
import { log } from '#adapters/log';
import { suppressionStore } from '#adapters/store/suppression-store';
import { productMailer } from '#domain/messages/suppression';
import type { Mailer } from '#domain/ports/mail';
import { sendMail } from './mail';

/**
 * The product's own mail about an applicant's application (the confirmation, a release notice):
 * not written to an address SES reported as hard-bouncing or complaining (the suppression list),
 * still to one that unsubscribed from the office's mailings (domain/messages/suppression.ts).
 */
export const sendProductMail: Mailer = productMailer(sendMail, suppressionStore, (_to, reason) =>
  log.info('product mail not sent: the address is suppressed', { reason }),
);
