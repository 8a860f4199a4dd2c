/**
 * The development-only controls of bounces and complaints (issue 40): POST /_dev/mail/bounce or
 * /_dev/mail/complaint with `{email}` (JSON) or `email=` (the outbox page's form) builds the SNS
 * event SES publishes for a permanent bounce or a complaint to that address and hands it to the
 * same handler AWS invokes (lambdas/events/mail-feedback.ts). A form is answered by a redirect
 * back to the outbox, JSON by JSON.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { SNSEvent } from 'aws-lambda';
import { mailFeedback } from '#events/mail-feedback';
import { outsideRoutes } from './route-grants';

export const MAIL_FEEDBACK_DEV_PATH = '/_dev/mail/';
const ACTIONS = ['bounce', 'complaint'] as const;

/** The SNS event SES sends for `type` to `email` (the fields the handler reads, and a few of the rest). */
export function sesFeedbackEvent(type: (typeof ACTIONS)[number], email: string, at = new Date()): SNSEvent {
  const mail = { timestamp: at.toISOString(), messageId: `local-${at.getTime()}`, destination: [email] };
  const message =
    type === 'bounce'
      ? {
          eventType: 'Bounce',
          mail,
          bounce: { bounceType: 'Permanent', bounceSubType: 'General', bouncedRecipients: [{ emailAddress: email }], timestamp: mail.timestamp },
        }
      : {
          eventType: 'Complaint',
          mail,
          complaint: { complaintFeedbackType: 'abuse', complainedRecipients: [{ emailAddress: email }], timestamp: mail.timestamp },
        };
  return {
    Records: [
      {
        EventSource: 'aws:sns',
        EventVersion: '1.0',
        EventSubscriptionArn: 'arn:aws:sns:local:000000000000:mail-feedback:local',
        Sns: {
          Type: 'Notification',
          MessageId: mail.messageId,
          TopicArn: 'arn:aws:sns:local:000000000000:mail-feedback',
          Subject: '',
          Message: JSON.stringify(message),
          Timestamp: mail.timestamp,
          SignatureVersion: '1',
          Signature: '',
          SigningCertUrl: '',
          UnsubscribeUrl: '',
          MessageAttributes: {},
        },
      },
    ],
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= 4096) chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Answers the controls; false when the path is not one. */
export function handleMailFeedbackDevRequest(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (!path.startsWith(MAIL_FEEDBACK_DEV_PATH)) return false;
  const action = path.slice(MAIL_FEEDBACK_DEV_PATH.length) as (typeof ACTIONS)[number];
  const form = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  const answer = (status: number, body: { message: string }) => {
    if (form && status === 200) {
      res.writeHead(303, { location: '/_dev/mail' }).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  if (req.method !== 'POST' || !ACTIONS.includes(action)) {
    answer(404, { message: 'POST /_dev/mail/bounce or /_dev/mail/complaint with {"email": "…"}.' });
    return true;
  }
  readBody(req)
    .then(async (text) => {
      let email: unknown;
      try {
        email = form ? new URLSearchParams(text).get('email') : (JSON.parse(text || '{}') as { email?: unknown }).email;
      } catch {
        email = undefined;
      }
      if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email.trim()))
        return answer(400, { message: 'email is the address that bounced or complained.' });
      const { suppressed } = await outsideRoutes(mailFeedback)(sesFeedbackEvent(action, email.trim()));
      answer(200, {
        message: `A ${action} from ${email.trim()} was handled: ${suppressed === 1 ? 'the address is suppressed' : 'the address was suppressed already'}.`,
      });
    })
    .catch((error: unknown) => answer(500, { message: String(error) }));
  return true;
}
