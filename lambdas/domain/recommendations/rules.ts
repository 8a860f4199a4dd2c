/**
 * The rules of recommendations that every flow shares: the limits, the words of each refusal,
 * when a link still works, the link's token and the views each party may see. Nothing here reads
 * or writes; the use-cases beside it do, through their ports.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { ChecklistEntry } from '#form/checklist';
import { institution } from '#form/institution';
import {
  RECOMMENDATION_MESSAGES,
  REMINDER_EVERY_DAYS,
  type RecommendationItem,
  type RecommendationStatus,
  type StaffRecommendation,
} from '#form/wire/recommendations';
import type { RecommendationRecord } from '../ports/recommendations';

export const RECOMMENDATION_LIMITS = {
  /** The institution's configuration (form/institution.ts). */
  maxTeachers: institution.recommendations.maxTeachers,
  linkDays: institution.recommendations.linkDays,
  counselors: 1,
  /** Invitations one applicant may send per UTC day. */
  invitationsPerDay: 10,
  /** Invitations one applicant may send in all (an account applies once: the whole cycle), cancelled ones included. */
  invitationsPerApplicant: 20,
  /** Invitations one mailbox may receive per UTC day from all applicants together (counted by its address's hash). */
  invitationsPerRecipientPerDay: 25,
  /** Invitations the whole site may send per UTC day; a refusal by it raises the operators' alarm. */
  invitationsPerDaySiteWide: 10_000,
  /** Upload grants one recommendation's link may take per UTC day (each upload is a conversion in Chromium). */
  letterUploadsPerDay: 20,
  reminderEveryDays: REMINDER_EVERY_DAYS,
  /** The sweep's one automatic reminder, this many days before the link expires. */
  autoReminderDaysBefore: 7,
  /** A submitted recommendation's link still shows the confirmation this long, then dies. */
  hoursAfterSubmission: 24,
  /** Look-ups of one link, and from one address, per window (guessing and scraping are bounded). */
  lookupWindowSeconds: 10 * 60,
  lookupsPerLink: 120,
  lookupsPerAddress: 600,
} as const;

export const RECOMMENDATION_TEXT = {
  waiverUnanswered: 'Answer the question about your right to see letters of recommendation before inviting a recommender.',
  counselorLimit: 'You have already invited your counselor. Cancel that invitation first to invite someone else.',
  teacherLimit: `You can invite at most ${institution.recommendations.maxTeachers} teachers. Cancel an invitation first to invite someone else.`,
  duplicate: 'This address already has an invitation that is still open.',
  ownAddress: 'Invite someone else: a recommender cannot be you.',
  dailyLimit: 'You can send at most 10 invitations a day. Please try again tomorrow.',
  applicantTotal: `You have sent the ${RECOMMENDATION_LIMITS.invitationsPerApplicant} invitations an application may send. If you need to invite someone else, write to ${institution.helpEmail}.`,
  recipientLimit: 'This address has received as many invitations today as it may. Please try again tomorrow.',
  siteLimit: 'No more invitations can be sent today. Please try again tomorrow.',
  waiverChanged: 'Your answer about your right to see letters of recommendation changed meanwhile. Please reload the page and invite again.',
  notFound: 'There is no such recommendation.',
  reminderTooSoon: (next: string) => `You can send the next reminder on ${dayInWords(next)}.`,
  notOpen: 'This recommendation is no longer open, so there is nothing to remind about.',
  submittedCannotCancel: 'This letter has already been submitted and cannot be withdrawn.',
  alreadyClosed: 'This recommendation is already closed.',
  cancelled: 'The invitation is cancelled and its link no longer works.',
  /** The recommender's side: every dead link reads the same. */
  linkDead: RECOMMENDATION_MESSAGES.token,
  alreadySubmitted: 'This letter has already been submitted. Thank you.',
  letterMissing: 'Upload your letter before submitting.',
  letterConverting: 'Your letter is still being converted. Please wait a moment and submit again.',
  letterFailed: 'Your letter could not be converted. Upload it again before submitting.',
  letterNotThis: 'Submit the letter you uploaded through this link.',
  submitted: 'Thank you. Your letter has been submitted.',
  declined: 'Thank you for letting us know. The applicant has been told.',
  tooManyLookups: 'Too many requests from this link or address. Please wait a few minutes and try again.',
  changedMeanwhile: 'This recommendation changed meanwhile. Please reload and try again.',
} as const;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The invitations' counters are declared with the port, where the route table's grants name them too. */
export { INVITATION_COUNTERS } from '../ports/recommendations';

/**
 * An address as the mailbox it reaches: lower-cased, without a "+tag" (which most providers
 * deliver to the same mailbox) and, at Gmail, without dots; so "Grace+x@School.org" counts as
 * grace@school.org.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  let local = address.slice(0, at).split('+')[0] ?? '';
  if (domain === 'gmail.com' || domain === 'googlemail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

/** The per-recipient counter's key: the SHA-256 of the mailbox, so the status table holds no address of it. */
export const recipientKey = (email: string): string => createHash('sha256').update(mailboxOf(email)).digest('hex');

/** A date in words on the institution's calendar: "March 3, 2027". */
export function dayInWords(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return new Intl.DateTimeFormat('en-US', { timeZone: institution.timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(at);
}

/** A fresh link token (144 random bits, base64url) and the hash that alone is stored. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(18).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function recommendLink(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}/recommend?token=${encodeURIComponent(token)}`;
}

/** Invited or opened: the link works (if not expired) and the recommender may still act. */
export const isOpen = (status: RecommendationStatus): boolean => status === 'invited' || status === 'opened';

/**
 * What the record's status is at `now`: an open link past its expiry is expired even before the
 * sweep writes it so.
 */
export function currentStatus(record: RecommendationRecord, now: Date): RecommendationStatus {
  if (isOpen(record.status) && Date.parse(record.expiresAt) <= now.getTime()) return 'expired';
  return record.status;
}

/**
 * Whether the link still opens: open and unexpired, or submitted less than 24 hours ago (the
 * recommender sees the confirmation); dead once cancelled, declined or expired.
 */
export function linkWorks(record: RecommendationRecord, now: Date): boolean {
  const status = currentStatus(record, now);
  if (isOpen(status)) return true;
  if (status === 'submitted' && record.submittedAt)
    return now.getTime() - Date.parse(record.submittedAt) < RECOMMENDATION_LIMITS.hoursAfterSubmission * 60 * 60 * 1000;
  return false;
}

/** The applicant's view: who and what state, never the letter or the comments. */
export function applicantItem(record: RecommendationRecord, now: Date): RecommendationItem {
  const item: RecommendationItem = {
    id: record.id,
    role: record.role,
    first_name: record.firstName,
    last_name: record.lastName,
    email: record.email,
    status: currentStatus(record, now),
    invited_at: record.invitedAt,
    expires_at: record.expiresAt,
  };
  if (record.submittedAt) item.submitted_at = record.submittedAt;
  if (record.remindedAt) item.reminded_at = record.remindedAt;
  return item;
}

/** The office's view; `downloadUrl` is the app route that signs the letter's link when opened. */
export function staffItem(record: RecommendationRecord, now: Date, downloadUrl: string | undefined): StaffRecommendation {
  const item: StaffRecommendation = {
    id: record.id,
    role: record.role,
    name: `${record.firstName} ${record.lastName}`,
    email: record.email,
    status: currentStatus(record, now),
    invited_at: record.invitedAt,
    waiver: record.waiver,
  };
  if (record.submittedAt) item.submitted_at = record.submittedAt;
  if (record.relationship) item.relationship = record.relationship;
  if (record.knownSince) item.known_since = record.knownSince;
  if (record.comments) item.comments = record.comments;
  if (downloadUrl && record.status === 'submitted' && record.letter?.convertedKey) item.download_url = downloadUrl;
  return item;
}

/** The export's status columns: one per role slot, in invitation order, the latest recommendation of each slot. */
export const RECOMMENDATION_SLOTS = ['counselor', ...Array.from({ length: institution.recommendations.maxTeachers }, (_, i) => `teacher_${i + 1}`)] as const;

export function slotStatuses(records: readonly RecommendationRecord[], now: Date): Record<string, string> {
  const slots: Record<string, string> = Object.fromEntries(RECOMMENDATION_SLOTS.map((s) => [s, '']));
  // A cancelled invitation gives its slot to the next one: take the live ones first, then the rest.
  const ordered = [...records].sort((a, b) => Number(a.status === 'cancelled') - Number(b.status === 'cancelled') || a.invitedAt.localeCompare(b.invitedAt));
  const teachers = ordered.filter((r) => r.role === 'teacher');
  const counselor = ordered.find((r) => r.role === 'counselor');
  if (counselor) slots.counselor = currentStatus(counselor, now);
  teachers.slice(0, institution.recommendations.maxTeachers).forEach((r, i) => (slots[`teacher_${i + 1}`] = currentStatus(r, now)));
  return slots;
}

/**
 * The status page's checklist lines of the letters asked for (the invitations still open and the
 * letters received): received with the date, or awaiting with who was asked. Never the content.
 */
export function recommendationChecklist(records: readonly RecommendationRecord[], now: Date): ChecklistEntry[] {
  return records
    .filter((r) => {
      const status = currentStatus(r, now);
      return isOpen(status) || status === 'submitted';
    })
    .map((r) => {
      const base = { id: `recommendation_${r.id}`, label: `${r.role === 'counselor' ? 'Counselor' : 'Teacher'} recommendation (${r.firstName} ${r.lastName})` };
      if (r.status === 'submitted' && r.submittedAt) return { ...base, state: 'received' as const, receivedAt: r.submittedAt };
      return { ...base, state: 'awaiting' as const, note: `Requested from ${r.email}; the link works until ${dayInWords(r.expiresAt)}.` };
    });
}
