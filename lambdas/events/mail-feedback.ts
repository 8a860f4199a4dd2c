/**
 * Bounces and complaints (issue 40, item 5). SES publishes the events of its configuration set
 * (lib/mail-feedback.ts) to an SNS topic, which invokes this function: a permanent bounce or a
 * complaint puts the address on the suppression list for every mailing
 * (domain/messages/suppression.ts); a transient bounce changes nothing. Locally /_dev/mail's
 * controls build the same SNS event and call the same handler (local/mail-feedback-dev.ts).
 */
import type { SNSEvent } from 'aws-lambda';
import { log, withLogContext } from '#adapters/log';
import { recordFeedback, type MailFeedback } from '#domain/messages/suppression';
import { MAIL_FEEDBACK_METRIC } from '#domain/ports/suppression';
import { feedbackPorts } from '#wiring/suppression';

interface SesEvent {
  /** A configuration set's event destination says `eventType`; an identity's notifications `notificationType`. */
  eventType?: unknown;
  notificationType?: unknown;
  bounce?: { bounceType?: unknown; bounceSubType?: unknown; bouncedRecipients?: Array<{ emailAddress?: unknown }> };
  complaint?: { complaintFeedbackType?: unknown; complainedRecipients?: Array<{ emailAddress?: unknown }> };
}

const addresses = (list: Array<{ emailAddress?: unknown }> | undefined): string[] =>
  (list ?? []).map((r) => r.emailAddress).filter((e): e is string => typeof e === 'string' && e.includes('@') && e.length <= 320);

/** The feedback an SES event carries, or undefined for any other event (a delivery, a send). */
export function feedbackOf(raw: string): MailFeedback | undefined {
  let event: SesEvent;
  try {
    event = JSON.parse(raw) as SesEvent;
  } catch {
    return undefined;
  }
  const type = event.eventType ?? event.notificationType;
  if (type === 'Bounce' && event.bounce) {
    const kind = [event.bounce.bounceType, event.bounce.bounceSubType].filter((s) => typeof s === 'string').join('/');
    return { type: 'bounce', permanent: event.bounce.bounceType === 'Permanent', emails: addresses(event.bounce.bouncedRecipients), detail: kind };
  }
  if (type === 'Complaint' && event.complaint) {
    const kind = typeof event.complaint.complaintFeedbackType === 'string' ? event.complaint.complaintFeedbackType : 'complaint';
    return { type: 'complaint', permanent: true, emails: addresses(event.complaint.complainedRecipients), detail: kind };
  }
  return undefined;
}

export async function mailFeedback(event: Partial<SNSEvent> | undefined): Promise<{ suppressed: number }> {
  let suppressed = 0;
  for (const record of event?.Records ?? []) {
    const feedback = feedbackOf(record.Sns?.Message ?? '');
    if (!feedback) continue;
    const done = await recordFeedback(feedbackPorts(), feedback);
    suppressed += done.length;
    // The metric (and its alarm) counts suppressions; the addresses stay out of the log.
    if (done.length > 0)
      log.warn('mail feedback: addresses suppressed', { metric: MAIL_FEEDBACK_METRIC, type: feedback.type, count: done.length, kind: feedback.detail });
  }
  return { suppressed };
}

export const handler = withLogContext('mailFeedback', mailFeedback);
