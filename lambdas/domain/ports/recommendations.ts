/**
 * Recommendations as the use-cases need them (domain/recommendations/): the stored record of one
 * invited recommender, where it is kept, the counters that bound abuse, and the other I/O the
 * flows reach (e-mail, the uploads, the office's events). Adapter: adapters/store/recommendations-store.ts.
 */
import type { DocumentStatus } from '#form/contract';
import type { RecommendationStatus, RecommenderRole } from '#form/wire/recommendations';
import type { PresignedUpload } from './documents';

export type { RecommendationStatus, RecommenderRole };

/** The uploaded letter and its conversion (the converter writes it; submit reads it). */
export interface LetterFile {
  fileKey: string;
  status: DocumentStatus;
  message?: string;
  /** The converted PDF in the documents bucket once COMPLETED. */
  convertedKey?: string;
  fileSize?: number;
  updatedAt: string;
  /** Conversion runs so far (the converter's retries). */
  attempts?: number;
}

/** One recommender invited by one applicant. */
export interface RecommendationRecord {
  id: string;
  /** The applicant: the verified subject who invited (never a body or path value). */
  sub: string;
  role: RecommenderRole;
  firstName: string;
  lastName: string;
  /** Lower-cased. */
  email: string;
  status: RecommendationStatus;
  invitedAt: string;
  expiresAt: string;
  openedAt?: string;
  submittedAt?: string;
  declinedAt?: string;
  cancelledAt?: string;
  expiredAt?: string;
  /** The last reminder, by the applicant or the sweep. */
  remindedAt?: string;
  /** The sweep's one automatic reminder. */
  autoRemindedAt?: string;
  /**
   * SHA-256 (hex) of each live link token (the invitation's, then each reminder's): the tokens
   * themselves are never stored. Emptied when the recommendation is cancelled.
   */
  tokenHashes: string[];
  /**
   * Every hash this recommendation ever made findable (its `rectoken#` pointers, which name the
   * applicant), live or dropped since (cancelled, expired, beyond the live ceiling): the store
   * adds each hash here in the write that makes it findable, and never removes one, so the
   * erasure deletes a pointer for each. Only `tokenHashes` open the link. Absent on records
   * written before it was kept: then `tokenHashes` are all that is known.
   */
  issuedTokenHashes?: string[];
  /** What the mails and the recommender's page say of the applicant, as it was at the invitation. */
  /** `language`: the applicant's when they invited (issue 41), for the notices they receive; absent: the institution's. */
  applicant: { firstName: string; lastName: string; school: string; email: string; language?: string };
  /** The waiver as answered when the invitation was sent: the recommender is told which way. */
  waiver: 'Y' | 'N';
  /** The newest key the link was granted for the letter (only that key may become the letter). */
  uploadGrant?: { fileKey: string; expiresAt: string };
  letter?: LetterFile;
  /** Given at submission. */
  fileName?: string;
  relationship?: string;
  knownSince?: string;
  comments?: string;
  declineReason?: string;
  /** Optimistic lock: every write is conditional on the version it read. */
  version: number;
}

export interface RecommendationStore {
  /** Every recommendation of an applicant, oldest first. */
  listRecommendations(sub: string): Promise<RecommendationRecord[]>;
  readRecommendation(sub: string, id: string): Promise<RecommendationRecord | undefined>;
  /** The recommendation behind a link (by its token's hash), or undefined. */
  findByTokenHash(tokenHash: string): Promise<RecommendationRecord | undefined>;
  /** The recommendation of an id (the converter knows only the id in the object key). */
  findById(id: string): Promise<RecommendationRecord | undefined>;
  /** Stores a new recommendation with its link and its id's pointer; version 1, its link's hash issued (`issuedTokenHashes`). */
  createRecommendation(record: RecommendationRecord): Promise<void>;
  /** Takes back a recommendation never sent (its slot was refused) if it is still at `record.version`; its pointers then point nowhere. */
  deleteRecommendation(record: RecommendationRecord): Promise<void>;
  /**
   * Replaces the record if it still has `record.version - 1`; false when another write came
   * first. `newTokenHash`: a link added by this write (a reminder's), made findable first and
   * taken back when the write is refused. The record written keeps `issuedTokenHashes` (the
   * record read's, its live hashes and the new one), whatever the use-case dropped from `tokenHashes`.
   */
  updateRecommendation(record: RecommendationRecord, options?: { newTokenHash?: string }): Promise<boolean>;
  /** Open recommendations (invited or opened) whose links expire on a day from `fromDay` to `toDay` (YYYY-MM-DD, UTC). */
  listExpiringBetween(fromDay: string, toDay: string): Promise<RecommendationRecord[]>;
}

/**
 * The record as a store writes it: `issuedTokenHashes` holds those it held, the live hashes and
 * `newTokenHash` (the link this write makes findable), once each, in the order they were issued.
 * Every store (adapters/store/recommendations-store.ts, the in-memory ones) writes through this.
 */
export function withIssuedHashes(record: RecommendationRecord, newTokenHash?: string): RecommendationRecord & { issuedTokenHashes: string[] } {
  const issued = [...(record.issuedTokenHashes ?? []), ...record.tokenHashes, ...(newTokenHash ? [newTokenHash] : [])];
  return { ...record, issuedTokenHashes: [...new Set(issued)] };
}

/** One invitation's claim on a slot of its role (RecommendationSlots.claimSlot). */
export interface SlotClaim {
  id: string;
  role: RecommenderRole;
  /** The waiver the invitation tells the recommender: the claim holds only while it is still the answer. */
  waiver: 'Y' | 'N';
  /** Slots of the role. */
  maxInRole: number;
  /** Invitations the whole application may send. */
  maxInvitations: number;
}

export type SlotIds = Partial<Record<RecommenderRole, readonly string[]>>;

/**
 * The slots of each role, kept on the applicant's answers item so that one conditional write
 * decides an invitation: the slot (fewer than the role's limit held, so parallel invitations
 * cannot pass it), the application's count of invitations, and the waiver (still the answer the
 * invitation carries). While any slot is held the save's own condition refuses to change the
 * waiver (adapters/store/answers-store.ts). Adapter: adapters/store/recommendation-slots.ts.
 */
export interface RecommendationSlots {
  /** Holds a slot for the recommendation and counts the invitation; false (nothing written) when the role is full, the bound reached or the waiver changed. A slot it already holds is room. */
  claimSlot(sub: string, claim: SlotClaim): Promise<boolean>;
  /** Records slots held by recommendations that hold them without it (made before slots were kept). */
  holdSlots(sub: string, ids: SlotIds): Promise<void>;
  /** Frees the slots of recommendations that no longer hold one (cancelled, declined, expired, never sent). */
  releaseSlots(sub: string, ids: SlotIds): Promise<void>;
}

/** The counter of a recommendation link's upload grants per day (RateLimiter scope, keyed by the recommendation's id; the erasure deletes it with the recommendation). */
export const LETTER_UPLOADS_SCOPE = 'letter-uploads';
/** The counters of a link's look-ups, by the caller's address and by the link. */
export const LOOKUP_SCOPES = { address: 'lookup-address', link: 'lookup-link' } as const;
/** Every counter the recommender's side keeps (its functions reach these and no other: lambdas/routes.ts). */
export const RECOMMENDER_RATE_SCOPES = [LOOKUP_SCOPES.address, LOOKUP_SCOPES.link, LETTER_UPLOADS_SCOPE] as const;
/**
 * The fixed-window counters of invitations (RateLimiter scopes): the applicant's day (keyed by
 * their id), a mailbox's day (keyed by its address's hash, never the address) and the site's day
 * (one key).
 */
export const INVITATION_COUNTERS = { applicant: 'invitations', recipient: 'invitations-to', site: 'invitations-site', siteKey: 'all' } as const;
/** The counter of an applicant's copies of their data (domain/data-rights/export.ts), keyed by their id. */
export const DATA_EXPORT_SCOPE = 'data-export';
/** The counters keyed by the applicant's id: their routes keep them, the erasure deletes them (adapters/store/erasure-store.ts). */
export const APPLICANT_RATE_SCOPES = [INVITATION_COUNTERS.applicant, DATA_EXPORT_SCOPE] as const;

/** The log line's marker of a refusal by the site-wide cap: lib/ counts it as a metric and alarms on it. */
export const INVITATION_SITE_CAP_METRIC = 'InvitationsSiteCapReached';

/** Tells the operators that the site-wide daily cap turned an invitation away (adapters/invitation-alarm.ts). */
export interface InvitationAlarm {
  siteCapReached(): void;
}

/** A fixed-window counter: false once `limit` hits were counted in the window. */
export interface RateLimiter {
  hit(scope: string, key: string, windowSeconds: number, limit: number, now: Date): Promise<{ allowed: boolean; retryAt: string }>;
}

/** The letter's upload: a presigned POST for a key the server chose, in the uploads bucket. */
export interface LetterUploads {
  presignUpload(key: string, maxBytes: number): Promise<PresignedUpload>;
  /** A short-lived GET of the converted letter (the office's download). */
  presignLetterDownload(key: string, fileName: string): Promise<string>;
}

export type { RecommendationSubmittedDetail as RecommendationEventDetail } from '#form/wire/events';
