/**
 * The applicant's side: list the recommenders, invite one (the waiver first, the limits, the
 * e-mail with the link), remind one (at most once every 3 days), cancel one (the link dies at
 * once). The applicant is always the verified subject; nothing here returns a letter or comments.
 */
import { randomUUID } from 'node:crypto';
import type { Invitation, RecommendationItem, RecommendationList, WaiverAnswer } from '#form/wire/recommendations';
import { Conflict, NotFound, TooManyRequests } from '../errors';
import type { AnswersReader } from '../ports/answers';
import type { Mailer } from '../ports/mail';
import type { RateLimiter, RecommendationRecord, RecommendationStore } from '../ports/recommendations';
import { invitationMail, reminderMail } from './mails';
import {
  DAY_MS,
  RECOMMENDATION_LIMITS as LIMITS,
  RECOMMENDATION_TEXT as TEXT,
  applicantItem,
  currentStatus,
  isOpen,
  newLinkToken,
  recommendLink,
} from './rules';

export interface ApplicantRecommendationPorts extends AnswersReader {
  store: RecommendationStore;
  limits: RateLimiter;
  sendMail: Mailer;
  /** The site's origin, for the link in the e-mail. */
  origin: string;
}

/** The waiver as the form stores it: Y, N, or not answered. */
export function waiverOf(answers: Record<string, string>): WaiverAnswer {
  const value = answers.counselor_waiver_request;
  return value === 'Y' || value === 'N' ? value : '';
}

export async function listRecommendations(
  ports: Pick<ApplicantRecommendationPorts, 'store' | 'readAnswers'>,
  sub: string,
  now: Date = new Date(),
): Promise<RecommendationList> {
  const [records, { answers }] = await Promise.all([ports.store.listRecommendations(sub), ports.readAnswers(sub)]);
  return { items: records.map((r) => applicantItem(r, now)), waiver: waiverOf(answers), max_teachers: LIMITS.maxTeachers };
}

/** A recommendation that holds its role's slot: still open, or a letter received. */
const holdsSlot = (r: RecommendationRecord, now: Date): boolean => {
  const status = currentStatus(r, now);
  return isOpen(status) || status === 'submitted';
};

/** The keeps-a-link ceiling: older hashes beyond it stop working (a reminder adds one). */
const MAX_LIVE_TOKENS = 5;

/**
 * POST /api/recommendations, for the session's applicant: their own address (refused as a
 * recommender, and where the notices go) is the identity provider's, never the token's.
 */
export async function inviteAsApplicant(
  ports: ApplicantRecommendationPorts & { verifiedEmail(sub: string): Promise<string> },
  applicant: { sub: string },
  invitation: Invitation,
): Promise<RecommendationItem> {
  const email = await ports.verifiedEmail(applicant.sub);
  return inviteRecommender(ports, applicant.sub, email, invitation);
}

export async function inviteRecommender(
  ports: ApplicantRecommendationPorts,
  sub: string,
  applicantEmail: string,
  invitation: Invitation,
  now: Date = new Date(),
): Promise<RecommendationItem> {
  const [{ answers }, existing] = await Promise.all([ports.readAnswers(sub), ports.store.listRecommendations(sub)]);
  const waiver = waiverOf(answers);
  if (waiver === '') throw new Conflict(TEXT.waiverUnanswered);
  if (invitation.email === applicantEmail.trim().toLowerCase()) throw new Conflict(TEXT.ownAddress);
  const live = existing.filter((r) => holdsSlot(r, now));
  if (live.some((r) => r.email === invitation.email)) throw new Conflict(TEXT.duplicate);
  if (invitation.role === 'counselor' && live.filter((r) => r.role === 'counselor').length >= LIMITS.counselors) throw new Conflict(TEXT.counselorLimit);
  if (invitation.role === 'teacher' && live.filter((r) => r.role === 'teacher').length >= LIMITS.maxTeachers) throw new Conflict(TEXT.teacherLimit);
  // Counted last, so a refused invitation does not use up the day's allowance.
  const day = await ports.limits.hit('invitations', sub, 24 * 60 * 60, LIMITS.invitationsPerDay, now);
  if (!day.allowed) throw new TooManyRequests(TEXT.dailyLimit);

  const { token, tokenHash } = newLinkToken();
  const record: RecommendationRecord = {
    id: randomUUID(),
    sub,
    role: invitation.role,
    firstName: invitation.firstName,
    lastName: invitation.lastName,
    email: invitation.email,
    status: 'invited',
    invitedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + LIMITS.linkDays * DAY_MS).toISOString(),
    tokenHashes: [tokenHash],
    applicant: {
      firstName: answers.first_name ?? '',
      lastName: answers.last_name ?? '',
      school: answers.hs_name ?? '',
      email: applicantEmail,
    },
    waiver,
    version: 1,
  };
  await ports.store.createRecommendation(record);
  try {
    await ports.sendMail(invitationMail(record, recommendLink(ports.origin, token)));
  } catch (error) {
    // Never sent: the invitation is withdrawn, so it holds no slot and no link works.
    await ports.store.updateRecommendation({ ...record, status: 'cancelled', cancelledAt: now.toISOString(), tokenHashes: [], version: record.version + 1 });
    throw error;
  }
  return applicantItem(record, now);
}

async function ownRecommendation(store: RecommendationStore, sub: string, id: string): Promise<RecommendationRecord> {
  const record = await store.readRecommendation(sub, id);
  if (!record) throw new NotFound(TEXT.notFound);
  return record;
}

/** A new link for a reminder: its hash joins the live ones (the earlier e-mail's link keeps working). */
export function withNewLink(record: RecommendationRecord): { record: RecommendationRecord; token: string; tokenHash: string } {
  const { token, tokenHash } = newLinkToken();
  return { record: { ...record, tokenHashes: [...record.tokenHashes, tokenHash].slice(-MAX_LIVE_TOKENS) }, token, tokenHash };
}

export async function remindRecommender(
  ports: Pick<ApplicantRecommendationPorts, 'store' | 'sendMail' | 'origin'>,
  sub: string,
  id: string,
  now: Date = new Date(),
): Promise<RecommendationItem> {
  const record = await ownRecommendation(ports.store, sub, id);
  if (!isOpen(currentStatus(record, now))) throw new Conflict(TEXT.notOpen);
  if (record.remindedAt) {
    const next = new Date(Date.parse(record.remindedAt) + LIMITS.reminderEveryDays * DAY_MS);
    if (next.getTime() > now.getTime()) {
      const error = new TooManyRequests(TEXT.reminderTooSoon(next.toISOString()));
      error.extra.next_allowed_at = next.toISOString();
      throw error;
    }
  }
  const { record: linked, token, tokenHash } = withNewLink(record);
  const next: RecommendationRecord = { ...linked, remindedAt: now.toISOString(), version: record.version + 1 };
  if (!(await ports.store.updateRecommendation(next, { newTokenHash: tokenHash }))) throw new Conflict(TEXT.changedMeanwhile);
  await ports.sendMail(reminderMail(next, recommendLink(ports.origin, token)));
  return applicantItem(next, now);
}

export async function cancelRecommendation(
  ports: Pick<ApplicantRecommendationPorts, 'store'>,
  sub: string,
  id: string,
  now: Date = new Date(),
): Promise<{ message: string }> {
  const record = await ownRecommendation(ports.store, sub, id);
  const status = currentStatus(record, now);
  if (status === 'submitted') throw new Conflict(TEXT.submittedCannotCancel);
  if (status === 'cancelled') return { message: TEXT.cancelled };
  if (!isOpen(status)) throw new Conflict(TEXT.alreadyClosed);
  // The link dies with the status: every look-up reads the record itself, strongly consistent.
  const next: RecommendationRecord = { ...record, status: 'cancelled', cancelledAt: now.toISOString(), tokenHashes: [], version: record.version + 1 };
  if (!(await ports.store.updateRecommendation(next))) throw new Conflict(TEXT.changedMeanwhile);
  return { message: TEXT.cancelled };
}
