/**
 * The applicant's side: list the recommenders, invite one (the waiver first, names fit for an
 * e-mail, the limits, a slot of the role taken by a conditional write, the e-mail with the link),
 * remind one (at most once every 3 days), cancel one (the link dies at once). The applicant is
 * always the verified subject; nothing here returns a letter or comments.
 */
import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#form/i18n/languages';
import { serverText } from '#form/i18n/server-words';
import { institution } from '#form/institution';
import { mailDayInWords } from '#form/mail-language';
import { isMailableName, isMailableSchool, MAIL_NAME_MESSAGES } from '#form/mail-names';
import type { Invitation, RecommendationItem, RecommendationList, RecommenderRole, WaiverAnswer } from '#form/wire/recommendations';
import { Conflict, NotFound, TooManyRequests, Unauthorized } from '../errors';
import type { AnswersReader, RecommendationSlotState } from '../ports/answers';
import { accountOf } from '../ports/keys';
import type { Mailer } from '../ports/mail';
import type { InvitationAlarm, RateLimiter, RecommendationRecord, RecommendationSlots, RecommendationStore, SlotIds } from '../ports/recommendations';
import { invitationMail, reminderMail } from './mails';
import {
  DAY_MS,
  INVITATION_COUNTERS as COUNTERS,
  RECOMMENDATION_LIMITS as LIMITS,
  RECOMMENDATION_TEXT as TEXT,
  applicantItem,
  currentStatus,
  isOpen,
  newLinkToken,
  recipientKey,
  recommendLink,
} from './rules';

export interface ApplicantRecommendationPorts extends AnswersReader {
  store: RecommendationStore;
  limits: RateLimiter;
  /** The slots on the answers item: taken by an invitation, freed when a recommendation no longer holds one. */
  slots: RecommendationSlots;
  sendMail: Mailer;
  /** The site's origin, for the link in the e-mail. */
  origin: string;
}

export interface InvitationPorts extends ApplicantRecommendationPorts {
  alarm: InvitationAlarm;
  /**
   * Whether the account was closed by an erasure (its session record's `closedAt`), strongly
   * consistent: read after the invitation's writes (LateWritePorts.sessionClosed).
   */
  sessionClosed(account: string): Promise<boolean>;
}

/** The waiver as the form stores it: Y, N, or not answered. */
export function waiverOf(answers: Record<string, string>): WaiverAnswer {
  const value = answers.counselor_waiver_request;
  return value === 'Y' || value === 'N' ? value : '';
}

const ROLES: readonly RecommenderRole[] = ['counselor', 'teacher'];
const DAY_SECONDS = DAY_MS / 1000;

/** A recommendation that holds its role's slot: still open, or a letter received. */
const holdsSlot = (r: RecommendationRecord, now: Date): boolean => {
  const status = currentStatus(r, now);
  return isOpen(status) || status === 'submitted';
};

/**
 * Sets the slots the answers item records right by the records: a slot held for a
 * recommendation that no longer holds one (declined, expired, cancelled, or never sent) is freed,
 * and a recommendation that holds one the item does not record (made before slots were kept) is
 * recorded. A held id the listing lacks may be an invitation under way in a parallel request (its
 * record is written before its slot), so it is freed only once its record is gone or no longer
 * holds; a recommendation that stops holding never holds again, so freeing it cannot race.
 */
async function settleSlots(
  ports: Pick<ApplicantRecommendationPorts, 'store' | 'slots'>,
  sub: string,
  recorded: RecommendationSlotState | undefined,
  records: readonly RecommendationRecord[],
  now: Date,
): Promise<void> {
  const hold: Partial<Record<RecommenderRole, string[]>> = {};
  const release: Partial<Record<RecommenderRole, string[]>> = {};
  for (const role of ROLES) {
    const held = recorded?.[role] ?? [];
    const holding = records.filter((r) => r.role === role && holdsSlot(r, now)).map((r) => r.id);
    const missing = holding.filter((id) => !held.includes(id));
    if (missing.length > 0) hold[role] = missing;
    const stale: string[] = [];
    for (const id of held) {
      if (holding.includes(id)) continue;
      const record = records.find((r) => r.id === id) ?? (await ports.store.readRecommendation(sub, id));
      if (!record || !holdsSlot(record, now)) stale.push(id);
    }
    if (stale.length > 0) release[role] = stale;
  }
  if (Object.keys(hold).length > 0) await ports.slots.holdSlots(sub, hold);
  if (Object.keys(release).length > 0) await ports.slots.releaseSlots(sub, release);
}

export async function listRecommendations(
  ports: Pick<ApplicantRecommendationPorts, 'store' | 'readAnswers' | 'slots'>,
  sub: string,
  now: Date = new Date(),
): Promise<RecommendationList> {
  const [records, stored] = await Promise.all([ports.store.listRecommendations(sub), ports.readAnswers(sub)]);
  // The page that lists them is where the applicant changes the waiver: a letter declined or expired frees it here.
  await settleSlots(ports, sub, stored.slots, records, now);
  return { items: records.map((r) => applicantItem(r, now)), waiver: waiverOf(stored.answers), max_teachers: LIMITS.maxTeachers };
}

/** The keeps-a-link ceiling: older hashes beyond it stop working (a reminder adds one). */
const MAX_LIVE_TOKENS = 5;

/**
 * POST /api/recommendations, for the session's applicant: their own address (refused as a
 * recommender, and where the notices go) is the identity provider's, never the token's.
 */
export async function inviteAsApplicant(
  ports: InvitationPorts & { verifiedEmail(sub: string): Promise<string> },
  applicant: { sub: string; language?: LanguageCode },
  invitation: Invitation,
): Promise<RecommendationItem> {
  const email = await ports.verifiedEmail(applicant.sub);
  return inviteRecommender(ports, applicant.sub, email, invitation, new Date(), applicant.language);
}

/** The applicant as the invitation names them, refused (409, what to correct and where) unless an e-mail may carry it. */
function applicantInMail(answers: Record<string, string>, email: string): RecommendationRecord['applicant'] {
  const applicant = { firstName: answers.first_name ?? '', lastName: answers.last_name ?? '', school: answers.hs_name ?? '', email };
  if (applicant.firstName === '' || applicant.lastName === '') throw new Conflict(MAIL_NAME_MESSAGES.applicantNameMissing);
  if (!isMailableName(applicant.firstName) || !isMailableName(applicant.lastName)) throw new Conflict(MAIL_NAME_MESSAGES.applicantName);
  if (!isMailableSchool(applicant.school)) throw new Conflict(MAIL_NAME_MESSAGES.school);
  return applicant;
}

/**
 * Counts the invitation against the applicant's day, the recipient's day and the site's day, in
 * that order: an applicant over their own bound uses up no one else's allowance. The site's cap
 * raises the operators' alarm.
 */
async function countInvitation(ports: InvitationPorts, sub: string, email: string, now: Date): Promise<void> {
  const applicant = await ports.limits.hit(COUNTERS.applicant, sub, DAY_SECONDS, LIMITS.invitationsPerDay, now);
  if (!applicant.allowed) throw new TooManyRequests(TEXT.dailyLimit);
  const recipient = await ports.limits.hit(COUNTERS.recipient, recipientKey(email), DAY_SECONDS, LIMITS.invitationsPerRecipientPerDay, now);
  if (!recipient.allowed) throw new TooManyRequests(TEXT.recipientLimit);
  const site = await ports.limits.hit(COUNTERS.site, COUNTERS.siteKey, DAY_SECONDS, LIMITS.invitationsPerDaySiteWide, now);
  if (!site.allowed) {
    ports.alarm.siteCapReached();
    throw new TooManyRequests(TEXT.siteLimit);
  }
}

const roleLimit = (role: RecommenderRole) => (role === 'counselor' ? LIMITS.counselors : LIMITS.maxTeachers);
const roleFull = (role: RecommenderRole) => new Conflict(role === 'counselor' ? TEXT.counselorLimit : TEXT.teacherLimit);

/** Why a claim was refused, from the answers item as it is now. */
async function claimRefusal(ports: ApplicantRecommendationPorts, sub: string, waiver: WaiverAnswer, role: RecommenderRole): Promise<Error> {
  const now = await ports.readAnswers(sub);
  if (waiverOf(now.answers) !== waiver) return new Conflict(TEXT.waiverChanged);
  if ((now.slots?.invitations ?? 0) >= LIMITS.invitationsPerApplicant) return new TooManyRequests(TEXT.applicantTotal);
  return roleFull(role);
}

export async function inviteRecommender(
  ports: InvitationPorts,
  sub: string,
  applicantEmail: string,
  invitation: Invitation,
  now: Date = new Date(),
  /** The applicant's language, for the notices about this recommendation (issue 41); absent: the institution's. */
  language?: LanguageCode,
): Promise<RecommendationItem> {
  const [stored, existing] = await Promise.all([ports.readAnswers(sub), ports.store.listRecommendations(sub)]);
  const waiver = waiverOf(stored.answers);
  if (waiver === '') throw new Conflict(TEXT.waiverUnanswered);
  const applicant = { ...applicantInMail(stored.answers, applicantEmail), ...(language && language !== DEFAULT_LANGUAGE ? { language } : {}) };
  if (invitation.email === applicantEmail.trim().toLowerCase()) throw new Conflict(TEXT.ownAddress);
  const live = existing.filter((r) => holdsSlot(r, now));
  if (live.some((r) => r.email === invitation.email)) throw new Conflict(TEXT.duplicate);
  // Checked here for the words; the claim below is what holds under parallel requests.
  if (live.filter((r) => r.role === invitation.role).length >= roleLimit(invitation.role)) throw roleFull(invitation.role);
  if ((stored.slots?.invitations ?? 0) >= LIMITS.invitationsPerApplicant) throw new TooManyRequests(TEXT.applicantTotal);
  // Counted last, so a refused invitation does not use up the day's allowance.
  await countInvitation(ports, sub, invitation.email, now);

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
    // Kept by every write from here (the failed mail's withdrawal below empties tokenHashes).
    issuedTokenHashes: [tokenHash],
    applicant,
    waiver,
    version: 1,
  };
  // The record first, then its slot: a held id always has a record (settleSlots relies on it).
  await ports.store.createRecommendation(record);
  await settleSlots(ports, sub, stored.slots, existing, now);
  const claim = { id: record.id, role: record.role, waiver, maxInRole: roleLimit(record.role), maxInvitations: LIMITS.invitationsPerApplicant };
  if (!(await ports.slots.claimSlot(sub, claim))) {
    await ports.store.deleteRecommendation(record);
    throw await claimRefusal(ports, sub, waiver, record.role);
  }
  // A request that passed its session check before the account's erasure began may write after
  // the erasure listed the recommendations: it would miss this record and its pointers, which
  // name the applicant. The erasure closes the account before it lists, so a check after the
  // writes sees either a closure, and takes them back (nothing is mailed), or none, and then the
  // erasure's listing comes later and finds them (domain/data-rights/late-writes.ts).
  if (await ports.sessionClosed(accountOf(sub))) {
    await ports.store.deleteRecommendation(record);
    throw new Unauthorized();
  }
  try {
    await ports.sendMail(invitationMail(record, recommendLink(ports.origin, token)));
  } catch (error) {
    // Never sent: the invitation is withdrawn, so it holds no slot and no link works.
    await ports.store.updateRecommendation({ ...record, status: 'cancelled', cancelledAt: now.toISOString(), tokenHashes: [], version: record.version + 1 });
    await ports.slots.releaseSlots(sub, { [record.role]: [record.id] });
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
      // The day as the request's language writes it, on the institution's calendar (issue 41).
      error.inLanguage = (language) => serverText(language, 'server.rec.reminderTooSoon', { day: mailDayInWords(next, language, institution.timeZone) });
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
  ports: Pick<ApplicantRecommendationPorts, 'store' | 'slots'>,
  sub: string,
  id: string,
  now: Date = new Date(),
): Promise<{ message: string }> {
  const record = await ownRecommendation(ports.store, sub, id);
  const status = currentStatus(record, now);
  if (status === 'submitted') throw new Conflict(TEXT.submittedCannotCancel);
  const slot: SlotIds = { [record.role]: [record.id] };
  if (!isOpen(status)) {
    // Closed already (by this route, the recommender or the clock): its slot, and the waiver, are free.
    await ports.slots.releaseSlots(sub, slot);
    if (status === 'cancelled') return { message: TEXT.cancelled };
    throw new Conflict(TEXT.alreadyClosed);
  }
  // The link dies with the status: every look-up reads the record itself, strongly consistent.
  const next: RecommendationRecord = { ...record, status: 'cancelled', cancelledAt: now.toISOString(), tokenHashes: [], version: record.version + 1 };
  if (!(await ports.store.updateRecommendation(next))) throw new Conflict(TEXT.changedMeanwhile);
  await ports.slots.releaseSlots(sub, slot);
  return { message: TEXT.cancelled };
}
