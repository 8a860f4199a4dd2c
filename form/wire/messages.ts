/**
 * Messages to applicants (issue 40): the office's mailings (a subject and body with placeholders,
 * to the applications a staff list's filter finds, sent once to each) and the messages an
 * application received, which the applicant reads in the Messages section of their status page.
 *
 * The recipients are a filter object, parsed by the lists' own parsers: `submitted` takes the
 * filters of GET /staff/api/applications (staff.ts), `in-progress` those of the list of
 * applications in progress (in-progress.ts), so a mailing reaches exactly whom that list shows.
 */
import { mailingFindings } from '../office-words';
import { exportInProgressInput, type InProgressFilters } from './in-progress';
import { bodyInput, InputError, rejectUnknownFields, requireObject, type QueryParams } from './input';
import { exportInput, type ApplicationFilters } from './staff';

/**
 * `transactional`: what the applicant must get about their own application (a deadline, missing
 * materials), which says why it is sent and no unsubscribe stops; `marketing`: everything else,
 * which carries a one-click unsubscribe and skips unsubscribed addresses (suppression.ts).
 */
export const MAILING_KINDS = ['transactional', 'marketing'] as const;
export type MailingKind = (typeof MAILING_KINDS)[number];

export type MailingRecipients = { source: 'submitted'; filters: ApplicationFilters } | { source: 'in-progress'; filters: InProgressFilters };

export interface MailingDraft {
  subject: string;
  body: string;
  kind: MailingKind;
  recipients: MailingRecipients;
}

/** draft → (scheduled →) sending → sent; a scheduled one may go back to draft (not this round). */
export const MAILING_STATES = ['draft', 'scheduled', 'sending', 'sent'] as const;
export type MailingState = (typeof MAILING_STATES)[number];

/** One recipient's row of the send ledger: queued once, then sent, failed (with why) or suppressed. */
export const DELIVERY_STATES = ['queued', 'sent', 'failed', 'suppressed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export type MailingProgress = Record<DeliveryState, number>;

export interface MailingFailure {
  application: string;
  email: string;
  reason: string;
}

export interface MailingSummary extends MailingDraft {
  id: string;
  state: MailingState;
  created_by: string;
  created_at: string;
  /** When it is to be sent (a scheduled mailing), or when it was asked to be sent. */
  send_at?: string;
  sent_by?: string;
  /** How many recipients the filter found when sending started. */
  recipient_count?: number;
  /** When its last delivery ended (a mailing marked `sent`: no row left queued or being sent). */
  finished_at?: string;
  progress: MailingProgress;
}

export interface MailingDetail extends MailingSummary {
  failures: MailingFailure[];
}

export interface MailingList {
  mailings: MailingSummary[];
}

export interface MailingSaved {
  message: string;
  mailing: MailingSummary;
  /** How many the filter finds now (listed again when sending starts). */
  recipient_count: number;
}

export interface RenderedMessage {
  to: string;
  subject: string;
  text: string;
}

export interface MailingPreview {
  recipient_count: number;
  /** Up to three real recipients, as each would read it. */
  samples: RenderedMessage[];
}

export interface MailingSent {
  message: string;
  mailing: MailingSummary;
}

/** A message an application received, as the applicant and the office read it. */
export interface ApplicantMessage {
  id: string;
  subject: string;
  text: string;
  sent_at: string;
}

export interface MessagesReply {
  messages: ApplicantMessage[];
}

export const MAILING_MAX_BODY = 20_000;
/** Above this many recipients the sender types the count to confirm it. */
export const CONFIRM_ABOVE = 500;

export const MAILING_MESSAGES = {
  kind: 'kind is transactional (about the applicant’s own application) or marketing.',
  source: 'recipients.source is submitted (the list of applications) or in-progress (the list of applications in progress).',
  decided:
    'A mailing cannot go to applications whose status is decided: it would tell them a decision is waiting before its release. Release the decisions, or choose other recipients.',
  byDecision:
    'A mailing chosen by decision or reply goes only to applicants whose decision is released: add the status filter released, or choose other recipients.',
  at: 'at is a time with its zone, like 2026-12-01T09:00:00-05:00, and in the future.',
  confirm: 'confirm is the number of recipients, typed as a whole number.',
} as const;

/** A mailing's id: its creation time in base 36 (so ids sort by time) and a random part, as a release's. */
export const MAILING_ID = /^[0-9a-z]{9}[0-9a-f]{12}$/;

/** The recipients' filter: a list's filters as that list parses them (values are strings, as its query string). */
export function parseRecipients(raw: unknown): MailingRecipients {
  const body = requireObject(raw ?? {}, 'recipients');
  rejectUnknownFields(body, ['source', 'filters']);
  const filters = requireObject(body.filters ?? {}, 'recipients.filters');
  const query: QueryParams = {};
  for (const [key, value] of Object.entries(filters)) {
    if (typeof value !== 'string')
      throw new InputError(`The ${key.slice(0, 40)} filter must be text.`, { recipients: [`The ${key.slice(0, 40)} filter must be text.`] });
    query[key] = value;
  }
  if (body.source === 'submitted') {
    const parsed = exportInput.query(query).filters;
    if (parsed.status === 'decided') throw new InputError(MAILING_MESSAGES.decided, { recipients: [MAILING_MESSAGES.decided] });
    // Chosen by a decision, a mailing would tell the unreleased ones theirs: only released decisions.
    if ((parsed.decision || parsed.reply) && parsed.status !== 'released')
      throw new InputError(MAILING_MESSAGES.byDecision, { recipients: [MAILING_MESSAGES.byDecision] });
    return { source: 'submitted', filters: parsed };
  }
  if (body.source === 'in-progress') return { source: 'in-progress', filters: exportInProgressInput.query(query) };
  throw new InputError(MAILING_MESSAGES.source, { recipients: [MAILING_MESSAGES.source] });
}

/** A draft: its words checked as Settings checks an e-mail's (office-words.ts), its recipients as their list's query. */
export function parseMailingDraft(raw: unknown): MailingDraft {
  const body = requireObject(raw);
  rejectUnknownFields(body, ['subject', 'body', 'kind', 'recipients']);
  const subject = typeof body.subject === 'string' ? body.subject.trim() : '';
  const text = typeof body.body === 'string' ? body.body.replace(/\r\n/g, '\n').trim() : '';
  const findings = mailingFindings({ subject, body: text });
  if (text.length > MAILING_MAX_BODY) findings.push(`Body: it is longer than ${MAILING_MAX_BODY} characters. Write it shorter.`);
  if (findings.length > 0) {
    const errors = {
      subject: findings.filter((f) => f.startsWith('Subject')),
      body: findings.filter((f) => f.startsWith('Body')),
    };
    throw new InputError(findings.join(' '), Object.fromEntries(Object.entries(errors).filter(([, v]) => v.length > 0)));
  }
  if (!(MAILING_KINDS as readonly unknown[]).includes(body.kind)) throw new InputError(MAILING_MESSAGES.kind, { kind: [MAILING_MESSAGES.kind] });
  return { subject, body: text, kind: body.kind as MailingKind, recipients: parseRecipients(body.recipients) };
}

export const saveMailingInput = bodyInput<{
  subject: string;
  body: string;
  kind: MailingKind;
  recipients: { source: string; filters?: Record<string, string> };
}>()(parseMailingDraft);

export interface SendRequest {
  /** A later time to send at; none: now. */
  at?: string;
  /** The recipients' count, typed, above CONFIRM_ABOVE. */
  confirm?: number;
}

/** `{at?, confirm?}`; whether `at` is in the future and `confirm` matches is the use-case's to say (it knows the time and the count). */
export function parseSend(raw: unknown): SendRequest {
  const body = requireObject(raw ?? {});
  rejectUnknownFields(body, ['at', 'confirm']);
  const out: SendRequest = {};
  if (body.at !== undefined && body.at !== null && body.at !== '') {
    if (typeof body.at !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(body.at) || Number.isNaN(Date.parse(body.at)))
      throw new InputError(MAILING_MESSAGES.at, { at: [MAILING_MESSAGES.at] });
    out.at = new Date(body.at).toISOString();
  }
  if (body.confirm !== undefined && body.confirm !== null && body.confirm !== '') {
    const n = typeof body.confirm === 'string' ? Number(body.confirm.trim()) : body.confirm;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) throw new InputError(MAILING_MESSAGES.confirm, { confirm: [MAILING_MESSAGES.confirm] });
    out.confirm = n;
  }
  return out;
}

export const sendMailingInput = bodyInput<{ at?: string; confirm?: number | string }>()(parseSend);

/** The mailing's id of a path, checked. */
export function parseMailingId(raw: string | undefined): string {
  if (raw === undefined || !MAILING_ID.test(raw)) throw new InputError('That is not a mailing id.');
  return raw;
}
