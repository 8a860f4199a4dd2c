/**
 * Amazon SES v2: plain-text mail (with extra headers when it has them) from the sender identity the stack creates (MAIL_FROM_ADDRESS).
 * SendEmail is signed without the SES client (../signed-request.ts): the client would bring its
 * whole service model (about 62 KB minified) into every route that sends a mail, for one call.
 * The request is the one the client sends for `SendEmailCommand` (ses.test.ts compares them).
 */
import type { HttpRequest } from '@smithy/core/protocols';
import type { OutgoingMail } from '#domain/ports/mail';
import { senderNameIn } from '#form/institution-mail';
import { config } from '#lambdas/config';
import { awsCredentials, dnsSuffix, postRequest, refused, sendRequest, signer } from '../signed-request';

export class MailNotConfigured extends Error {
  constructor() {
    super('MAIL_FROM_ADDRESS is not set: the stack was deployed without a mail sender (context mailFromAddress)');
    this.name = 'MailNotConfigured';
  }
}

/**
 * The unsigned SendEmail request of `mail` from `from`: to the region's SES API, or to `endpoint`
 * where one is configured (the bundled local stack's, AWS_ENDPOINT_URL_SESV2).
 */
export function sendEmailRequest(region: string, from: string, mail: OutgoingMail, endpoint = ''): HttpRequest {
  const input = {
    FromEmailAddress: from,
    Destination: { ToAddresses: [mail.to] },
    Content: {
      Simple: {
        Subject: { Data: mail.subject, Charset: 'UTF-8' },
        Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
        // SES v2's own headers field (a marketing mailing's List-Unsubscribe and List-Unsubscribe-Post): no raw MIME to build.
        ...(mail.headers ? { Headers: Object.entries(mail.headers).map(([Name, Value]) => ({ Name, Value })) } : {}),
      },
    },
  };
  const body = new TextEncoder().encode(JSON.stringify(input));
  return postRequest(endpoint || `https://email.${region}.${dnsSuffix(region)}`, '/v2/email/outbound-emails', { 'content-type': 'application/json' }, body);
}

/**
 * The sender as mail clients show it: the institution's configured name before the address, quoted,
 * or as an RFC 2047 encoded word when it is not plain ASCII (SES refuses raw non-ASCII there).
 */
export function namedSender(name: string, address: string): string {
  const display = /^[\x20-\x7e]*$/.test(name) ? `"${name.replace(/["\\]/g, '\\$&')}"` : `=?UTF-8?B?${Buffer.from(name, 'utf8').toString('base64')}?=`;
  return name.trim() ? `${display} <${address}>` : address;
}

/** Sends `mail` from the institution's name in its language and answers SES's message id; throws when SES refuses it (with its reason, as the client's errors carry it). */
export async function sendWithSes(mail: OutgoingMail): Promise<string> {
  const c = config();
  if (!c.mailFromAddress) throw new MailNotConfigured();
  return signedMail('SendEmailCommand', namedSender(senderNameIn(mail.language), c.mailFromAddress), mail);
}

/** The call, named by the SDK command it stands for (the grants read it as that command). */
async function signedMail(operation: 'SendEmailCommand', from: string, mail: OutgoingMail): Promise<string> {
  const { region, mailEndpoint } = config();
  const reply = await sendRequest(signer('ses', region, awsCredentials()), () => sendEmailRequest(region, from, mail, mailEndpoint), { readBody: true });
  let json: { MessageId?: unknown; message?: unknown; Message?: unknown } = {};
  try {
    json = reply.body ? (JSON.parse(reply.body) as typeof json) : {};
  } catch {
    // A body that is not JSON (a proxy's error page) says nothing more than the status.
  }
  if (reply.status < 200 || reply.status >= 300) {
    const error = refused(`SES ${operation}`, reply.status);
    const type = reply.headers['x-amzn-errortype']?.split(':')[0];
    const reason = typeof json.message === 'string' ? json.message : typeof json.Message === 'string' ? json.Message : '';
    if (type) error.name = type;
    if (reason) error.message = `${error.message}: ${reason}`;
    throw error;
  }
  return typeof json.MessageId === 'string' ? json.MessageId : '';
}
