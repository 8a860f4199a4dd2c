/** Amazon SES v2: plain-text mail from the sender identity the stack creates (MAIL_FROM_ADDRESS). */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { config, onConfigChange } from '#lambdas/config';
import type { OutgoingMail } from './index';

let client: SESv2Client | undefined;
onConfigChange(() => {
  client = undefined;
});

export class MailNotConfigured extends Error {
  constructor() {
    super('MAIL_FROM_ADDRESS is not set: the stack was deployed without a mail sender (context mailFromAddress)');
    this.name = 'MailNotConfigured';
  }
}

export async function sendWithSes(mail: OutgoingMail): Promise<string> {
  const c = config();
  if (!c.mailFromAddress) throw new MailNotConfigured();
  client ??= new SESv2Client({ region: c.region });
  const out = await client.send(
    new SendEmailCommand({
      FromEmailAddress: c.mailFromAddress,
      Destination: { ToAddresses: [mail.to] },
      Content: {
        Simple: {
          Subject: { Data: mail.subject, Charset: 'UTF-8' },
          Body: { Text: { Data: mail.text, Charset: 'UTF-8' } },
        },
      },
    }),
  );
  return out.MessageId ?? '';
}
