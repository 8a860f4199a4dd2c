/**
 * Messages to applicants (domain/messages/): the office's mailing routes, the sender that drains
 * the queue (lambdas/events/send-mailings.ts), and the Messages sections. The queue is SQS, or the
 * local stack's queue installed in its place (stand-ins.ts); the mail is SES, or the dev outbox.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { mailingCapAlarm } from '#adapters/mailing-cap-alarm';
import { sqsMailingQueue } from '#adapters/mailing-queue';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { inProgressIndex } from '#adapters/store/in-progress-index';
import { applicantMessages, mailingStore, sendLedger } from '#adapters/store/messages-store';
import { rateLimiter } from '#adapters/store/rate-limits';
import { readLanguage } from '#adapters/store/status-store';
import { querySubmissions } from '#adapters/store/submissions-index';
import { suppressionStore, unsubscribeTokens } from '#adapters/store/suppression-store';
import type { createMailing, listMailings, previewMailing, readMailing, sendMailing, testMailing } from '#domain/messages/mailings';
import type { applicantMessages as readApplicantMessages, applicationMessages } from '#domain/messages/messages';
import type { DeliveryPorts, SendingPorts } from '#domain/messages/sending';
import type { MailingQueue } from '#domain/ports/messages';
import { timetable } from '#form/institution-cycles';
import { mailSender } from '#form/institution-mail';
import { config } from '#lambdas/config';
import type { StaffMember } from '#middleware/staff-session';
import { sendMail } from './mail';
import type { PortsOf } from './ports-of';
import { staffAudit } from './staff-audit';
import { standIn } from './stand-ins';

/** Mailings the office may start in a day when the configuration says nothing (`mail.mailingsPerDay`). */
export const DEFAULT_MAILINGS_PER_DAY = 5;

const mailingQueue = (): MailingQueue => standIn('mailingQueue') ?? sqsMailingQueue;

/** What resolving and composing read: the staff lists' indexes, an application's record for its missing materials, the site's origin. */
const reads = () => ({
  querySubmissions: (filters: Parameters<typeof querySubmissions>[0], limit: number, start?: Record<string, unknown>) =>
    querySubmissions(filters, limit, start),
  ...inProgressIndex,
  readApplicantRecord,
  timetable,
  origin: config().publicOrigin,
  now: () => new Date(),
});

function officePorts(staff: StaffMember, event: APIGatewayProxyEventV2) {
  return { ...reads(), mailings: mailingStore, ledger: sendLedger, audit: staffAudit(staff, event) };
}

export const createMailingPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof createMailing> => officePorts(staff, event);
export const listMailingsPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof listMailings> => officePorts(staff, event);
export const readMailingPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof readMailing> => officePorts(staff, event);
export const previewMailingPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof previewMailing> => officePorts(staff, event);
export const testMailingPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof testMailing> => ({
  ...officePorts(staff, event),
  sendMail,
});
export const sendMailingPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof sendMailing> => ({
  ...officePorts(staff, event),
  limiter: rateLimiter,
  alarm: mailingCapAlarm,
  dailyCap: mailSender.mailingsPerDay ?? DEFAULT_MAILINGS_PER_DAY,
  start: (mailing) => mailingQueue().start(mailing),
});

export const applicationMessagesPorts = (staff: StaffMember, event: APIGatewayProxyEventV2): PortsOf<typeof applicationMessages> => ({
  messages: applicantMessages,
  audit: staffAudit(staff, event),
});
export const applicantMessagesPorts = (): PortsOf<typeof readApplicantMessages> => ({ messages: applicantMessages });

/** The sender's: a mailing's start and each recipient's delivery. */
export function senderPorts(): SendingPorts & DeliveryPorts {
  return {
    ...reads(),
    mailings: mailingStore,
    ledger: sendLedger,
    messages: applicantMessages,
    queue: mailingQueue(),
    sendMail,
    suppressions: suppressionStore,
    tokens: unsubscribeTokens,
    // An application in progress is written to in its account's language (issue 41).
    languageOf: readLanguage,
  };
}
