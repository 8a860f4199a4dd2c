/**
 * The operators' signal that the office's daily cap of mailings turned one away: a log line whose
 * `metric` field lib/ counts with a metric filter on the send route's log group, and alarms on
 * (lib/stack.ts), as the invitations' cap does (invitation-alarm.ts).
 */
import { MAILINGS_CAP_METRIC, type MailingCapAlarm } from '#domain/ports/messages';
import { log } from './log';

export const mailingCapAlarm: MailingCapAlarm = {
  capReached: () => log.warn('Mailings: the office’s daily cap was reached; no mailing starts until midnight UTC', { metric: MAILINGS_CAP_METRIC }),
};
