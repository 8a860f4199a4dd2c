/**
 * E-mail as the use-cases send it: Amazon SES (adapters/mail/ses.ts), or the dev outbox the local
 * stack installs in its place (stand-ins.ts). The use-cases never know which.
 */
import { sendWithSes } from '#adapters/mail/ses';
import type { Mailer } from '#domain/ports/mail';
import { config } from '#lambdas/config';
import { standIn } from './stand-ins';

export const sendMail: Mailer = (mail) => (standIn('mailer') ?? sendWithSes)(mail);

/** Whether mail can go anywhere: the dev outbox, or a sender identity (MAIL_FROM_ADDRESS). */
export const canSendMail = (): boolean => standIn('mailer') !== undefined || Boolean(config().mailFromAddress);
