/**
 * The recommender's side: no account, the link's token is the credential. Every route first
 * counts the look-up (per link and per source address), then finds the recommendation by the
 * token's hash; an unknown, expired, cancelled or declined link, or one submitted more than 24
 * hours ago, answers the same 404 in the same words. A letter is uploaded under a key tied to
 * this recommendation, converted by the form's converter, and submitted only once converted.
 */
import { institution } from '#form/institution';
import { TOKEN_PATTERN, type LetterSubmission, type RecommenderView } from '#form/wire/recommendations';
import type { ConversionStatusReply } from '#form/wire/responses';
import { FILE_MAX_BYTES, CONVERSION_MESSAGES } from '../documents/files';
import { effectiveStatus } from '../documents/status';
import { dailyLimitMessage } from '../documents/upload-quota';
import { Conflict, NotFound, TooManyRequests } from '../errors';
import { eventCommon } from '../events/common';
import type { PresignedUpload } from '../ports/documents';
import type { Mailer } from '../ports/mail';
import {
  LETTER_UPLOADS_SCOPE,
  LOOKUP_SCOPES,
  type LetterUploads,
  type RateLimiter,
  type RecommendationEventDetail,
  type RecommendationRecord,
  type RecommendationStore,
} from '../ports/recommendations';
import { newLetterKey } from './keys';
import { applicantNotice } from './mails';
import { DAY_MS, RECOMMENDATION_LIMITS as LIMITS, RECOMMENDATION_TEXT as TEXT, currentStatus, hashToken, isOpen, linkWorks } from './rules';

export interface RecommenderPorts {
  store: RecommendationStore;
  limits: RateLimiter;
}

/** A letter's upload key stays usable for the presigned POST and the converter's retries. */
const UPLOAD_GRANT_MS = 2 * 60 * 60 * 1000;

/** The recommendation behind a link, after the look-up was counted; 404 (one message) for any dead link. */
export async function resolveLink(ports: RecommenderPorts, token: string, sourceAddress: string, now: Date): Promise<RecommendationRecord> {
  const tokenHash = hashToken(token);
  const window = LIMITS.lookupWindowSeconds;
  const [byAddress, byLink] = await Promise.all([
    ports.limits.hit(LOOKUP_SCOPES.address, sourceAddress || 'unknown', window, LIMITS.lookupsPerAddress, now),
    ports.limits.hit(LOOKUP_SCOPES.link, tokenHash, window, LIMITS.lookupsPerLink, now),
  ]);
  if (!byAddress.allowed || !byLink.allowed) throw new TooManyRequests(TEXT.tooManyLookups);
  // A malformed token is no link: the same answer as an unknown one, without a look-up.
  const record = TOKEN_PATTERN.test(token) ? await ports.store.findByTokenHash(tokenHash) : undefined;
  if (!record || !record.tokenHashes.includes(tokenHash) || !linkWorks(record, now)) throw new NotFound(TEXT.linkDead);
  return record;
}

/** GET /public/recommendation: whom the letter is for, and nothing else of the application. */
export async function readRecommendationRequest(
  ports: RecommenderPorts,
  token: string,
  sourceAddress: string,
  now: Date = new Date(),
): Promise<RecommenderView> {
  let record = await resolveLink(ports, token, sourceAddress, now);
  if (record.status === 'invited') {
    const opened: RecommendationRecord = { ...record, status: 'opened', openedAt: now.toISOString(), version: record.version + 1 };
    // A concurrent write (another tab, the applicant cancelling) wins; this view reads what it read.
    if (await ports.store.updateRecommendation(opened)) record = opened;
  }
  return {
    applicant: { first_name: record.applicant.firstName, last_name: record.applicant.lastName, school: record.applicant.school },
    role: record.role,
    waiver: record.waiver,
    status: currentStatus(record, now),
    expires_at: record.expiresAt,
    institution: institution.name,
  };
}

function assertStillOpen(record: RecommendationRecord, now: Date): void {
  const status = currentStatus(record, now);
  if (status === 'submitted') throw new Conflict(TEXT.alreadySubmitted);
  if (!isOpen(status)) throw new NotFound(TEXT.linkDead);
}

/** POST /public/recommendation/presigned-url: a key for this recommendation alone, the form's size limit. */
export async function grantLetterUpload(
  ports: RecommenderPorts & { uploads: LetterUploads },
  token: string,
  sourceAddress: string,
  now: Date = new Date(),
): Promise<PresignedUpload> {
  const record = await resolveLink(ports, token, sourceAddress, now);
  assertStillOpen(record, now);
  // Each upload is a conversion in Chromium: a day's bound per link, as an applicant's uploads have (MAX_UPLOADS_PER_DAY).
  const day = await ports.limits.hit(LETTER_UPLOADS_SCOPE, record.id, DAY_MS / 1000, LIMITS.letterUploadsPerDay, now);
  if (!day.allowed) throw new TooManyRequests(dailyLimitMessage(LIMITS.letterUploadsPerDay, now));
  const fileKey = newLetterKey(record.id, now);
  const next: RecommendationRecord = {
    ...record,
    uploadGrant: { fileKey, expiresAt: new Date(now.getTime() + UPLOAD_GRANT_MS).toISOString() },
    version: record.version + 1,
  };
  if (!(await ports.store.updateRecommendation(next))) throw new Conflict(TEXT.changedMeanwhile);
  return ports.uploads.presignUpload(fileKey, FILE_MAX_BYTES);
}

/**
 * GET /public/recommendation/letter: the newest upload's conversion. Granted but not yet seen by
 * the converter reads UNPROCESSED (and, like the form's documents, FAILED once far too long has
 * passed, so the page's polling ends).
 */
export async function readLetterStatus(
  ports: RecommenderPorts,
  token: string,
  sourceAddress: string,
  now: Date = new Date(),
): Promise<ConversionStatusReply & { file_name?: string }> {
  const record = await resolveLink(ports, token, sourceAddress, now);
  const grant = record.uploadGrant;
  const letter = record.letter && (!grant || record.letter.fileKey === grant.fileKey) ? record.letter : undefined;
  const item = letter ?? (grant ? { status: 'UNPROCESSED', updatedAt: new Date(Date.parse(grant.expiresAt) - UPLOAD_GRANT_MS).toISOString() } : undefined);
  const { status, message } = effectiveStatus(item, now, CONVERSION_MESSAGES.failed);
  const reply: ConversionStatusReply & { file_name?: string } = { status };
  if (message) reply.message = message;
  if (record.fileName) reply.file_name = record.fileName;
  return reply;
}

export interface SubmitPorts extends RecommenderPorts {
  sendMail: Mailer;
  origin: string;
  /** The application's reference ('' before the applicant submits) and the cycle it was submitted in. */
  readReference(sub: string): Promise<{ reference: string; cycle?: string }>;
  publish(event: { type: 'Recommendation Submitted'; detail: RecommendationEventDetail }): Promise<boolean>;
}

/** POST /public/recommendation/submit: the converted letter and the recommender's details, once. */
export async function submitRecommendation(
  ports: SubmitPorts,
  submission: LetterSubmission,
  sourceAddress: string,
  now: Date = new Date(),
): Promise<{ message: string }> {
  const record = await resolveLink(ports, submission.token, sourceAddress, now);
  assertStillOpen(record, now);
  const letter = record.letter;
  // The newest key granted, not yet seen by the converter: it is on its way.
  if (record.uploadGrant?.fileKey === submission.fileKey && letter?.fileKey !== submission.fileKey) throw new Conflict(TEXT.letterConverting);
  if (!letter) throw new Conflict(TEXT.letterMissing);
  if (letter.fileKey !== submission.fileKey) throw new Conflict(TEXT.letterNotThis);
  const { status } = effectiveStatus(letter, now, CONVERSION_MESSAGES.failed);
  if (status === 'FAILED') throw new Conflict(TEXT.letterFailed);
  if (status !== 'COMPLETED') throw new Conflict(TEXT.letterConverting);
  const next: RecommendationRecord = {
    ...record,
    status: 'submitted',
    submittedAt: now.toISOString(),
    fileName: submission.fileName,
    relationship: submission.relationship,
    knownSince: submission.knownSince,
    comments: submission.comments,
    version: record.version + 1,
  };
  // Only one of two racing submits wins the version; the other is told it was already submitted.
  if (!(await ports.store.updateRecommendation(next))) throw new Conflict(TEXT.alreadySubmitted);
  const { reference, cycle } = await ports.readReference(record.sub);
  await Promise.all([
    ports.sendMail(applicantNotice(next, 'submitted', ports.origin)),
    ports.publish({
      type: 'Recommendation Submitted',
      detail: { ...eventCommon(record.sub, cycle ? { cycle } : undefined), id: record.id, reference, role: record.role },
    }),
  ]);
  return { message: TEXT.submitted };
}

/** POST /public/recommendation/decline: the link dies and the applicant is told (the reason stays with the office). */
export async function declineRecommendation(
  ports: RecommenderPorts & { sendMail: Mailer; origin: string },
  token: string,
  reason: string,
  sourceAddress: string,
  now: Date = new Date(),
): Promise<{ message: string }> {
  const record = await resolveLink(ports, token, sourceAddress, now);
  assertStillOpen(record, now);
  const next: RecommendationRecord = { ...record, status: 'declined', declinedAt: now.toISOString(), version: record.version + 1 };
  if (reason) next.declineReason = reason;
  if (!(await ports.store.updateRecommendation(next))) throw new Conflict(TEXT.changedMeanwhile);
  await ports.sendMail(applicantNotice(next, 'declined', ports.origin));
  return { message: TEXT.declined };
}
