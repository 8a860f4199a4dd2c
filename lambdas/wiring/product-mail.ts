/**
 * The product's own mail about an applicant's application, past the suppression list: a module of
 * its own, so that only the functions that send it (the confirmation, the releases, the reply's
 * confirmation, the offers' and recommendations' sweeps, a recommender's letter or refusal, the
 * retention warning) reach the suppression store (the infra tests hold each function to the calls
 * its modules make). The mailer is marked pure, so a bundle that imports a wiring module using it
 * but never sends (the decision's read beside the reply) drops it and the store with it.
 */
import { log } from '#adapters/log';
import { suppressionStore } from '#adapters/store/suppression-store';
import { productMailer } from '#domain/messages/suppression';
import type { Mailer } from '#domain/ports/mail';
import { sendMail } from './mail';

/**
 * The product's own mail about an applicant's application (the confirmation, a release notice, a reply's, an expired offer's, a recommendation's, the retention warning):
 * not written to an address SES reported as hard-bouncing or complaining (the suppression list),
 * still to one that unsubscribed from the office's mailings (domain/messages/suppression.ts).
 */
export const sendProductMail: Mailer = /* @__PURE__ */ productMailer(sendMail, suppressionStore, (_to, reason) =>
  log.info('product mail not sent: the address is suppressed', { reason }),
);
