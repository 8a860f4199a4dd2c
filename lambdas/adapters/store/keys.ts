/**
 * Item keys of the three tables (all have `pk` and `sk` strings and the TTL attribute `expiresAt`).
 *
 * answers: pk=<sub> sk=answers        the answer map (attributes a_<key>), submittedAt (the lock),
 *                                     the recommendations' slots (SLOT_ATTRIBUTES below),
 *                                     office_hold {reason, by, at}: a legal or enrolment hold an admin set (retention keeps it)
 *                                     materials {<item>: {status, received_at, by, at}}, materials_version,
 *                                     materials_complete: the office's marks on the checklist (materials-store.ts)
 *                                     reading_readers, checkout_by, checkout_until, reading_committee: the
 *                                     reading's assignment, checkout and committee mark (reading-store.ts)
 *                                     upload#<id>: an upload key the server issued (expires after 2 hours)
 *          pk=<sub> sk=document#<key> a document answer and its conversion status
 *          pk=<sub> sk=document#supplement_<key>  a material added after submission (same shape;
 *                                     never part of the submitted documents or the application PDF)
 *          pk=<sub> sk=pdf            the application PDF's render state
 *          pk=<sub> sk=snapshot       the application as printed at submission (JSON text in `snapshot`;
 *                                     form/snapshot.ts, snapshot-store.ts), written once
 *          pk=reference#<code> sk=reference  a reserved application reference (attribute sub); the
 *                                     answers item holds the same code as `reference` once submitted
 * Every <sub> below is an application's key: the account's `sub` for its first application,
 * <sub>--<cycle> for a later one (domain/ports/keys.ts); what belongs to the account (sessions,
 * sign-ins, the list of its applications) stays under the `sub`.
 * status:  pk=<sub> sk=applications  the account's applications [{cycle, key}] and their count (applications-store.ts)
 *          pk=<sub> sk=status         web_status list, last_page, successful_login, last_login (its latest), username
 *          pk=<sub> sk=mail#<kind>    an e-mail sent once (claimId, claimedUntil, sentAt, messageId)
 *          pk=<sub> sk=session        signedOutAt, revoked session ids
 *          pk=<sub> sk=activity#<id>  a sign-in session's last-activity mark (seenAt, epoch ms), with expiresAt;
 *                                     a staff member's under pk=staff#<sub>
 *          pk=<sub> sk=uploads#<day>  upload grants issued that UTC day (count), with expiresAt
 *          pk=<sub> sk=validations    the last problems map posted by the client
 *          pk=erasure#<sub> sk=erasure  the marker of a deletion in progress (cause, startedAt, reference;
 *                                     erasure-store.ts), out of the applicant's partition
 *          pk=token#<sha256> sk=token a temporary or service token (stored hashed), with expiresAt
 *          pk=recommendations#<sub> sk=rec#<id>  an applicant's recommendation records, out of the
 *                                     applicant's partition so the recommender's functions reach no
 *                                     session, status or erasure marker (recommendations-store.ts)
 *          pk=rec#<id> sk=rec, pk=rectoken#<sha256> sk=token, pk=rec-due#<day> sk=<sub>#<id>
 *                                     a recommendation's pointers: its owner, a link token's, its due day
 *          pk=rate#<scope>#<key> sk=<window>  a rate-limit counter (rate-limits.ts)
 *          pk=release#<id> sk=release a release of decisions; pk=releases sk=<at>#<id> the pending ones (releases-store.ts)
 *          pk=temporary-links sk=link#<id>  the office's ledger of temporary links (temporary-links-store.ts)
 *          pk=sis-clients sk=client#<id>  a student information system's machine client (name, scopes,
 *                                     expiry, last use, revocation, the secret's hash; sis-clients-store.ts)
 *          pk=sis-idempotency#<client id> sk=key#<Idempotency-Key>  a machine write's hash and first answer,
 *                                     with claimedUntil and expiresAt (a day; idempotency-store.ts)
 *          pk=reading#<shelf> sk=<submittedAt>#<id>  the reading's pointers: a reader's queue, the open
 *                                     pool, the committee, a reader's checkouts; pk=reading#turn sk=rule#<n> a
 *                                     rule's round-robin counter (reading-store.ts, domain/ports/reading.ts)
 *          pk=mailings sk=mailing#<id>  the office's mailings; pk=mailing#<id> sk=to#<application> its send
 *                                     ledger; pk=messages#<application> sk=mailing#<id> what it received (messages-store.ts)
 *          pk=suppressions sk=to#<address>  the suppression list: an address's reason and when;
 *                                     pk=unsubscribe#<sha256> sk=token an unsubscribe link's address (suppression-store.ts)
 *          pk=settings sk=<section>#<version>  a version of the office's words edited in Settings
 *                                     (value, by, at, revertedFrom; settings-store.ts)
 * audit:   pk=office, application#<id>, history#<id>  (audit-store.ts, office-status-store.ts)
 * tabs:    pk=<sub> sk=tab#<id>       chosen tab (value), lockedAt once submitted
 *          pk=<sub> sk=add#<id>       add-another count (value), lockedAt once submitted
 */
import { ANSWERS_ITEM_SK, SESSION_ITEM_SK, SUPPLEMENT_PREFIX, erasureMarkerKey, laterApplicationKey, staffSessionKey } from '#domain/ports/keys';
import type { MaterialMark, StoredMaterials } from '#domain/ports/materials';

export const ANSWER_PREFIX = 'a_';
/** The answers item's attribute of an admin's hold (legal or enrolment): while it exists retention neither warns nor erases. */
export const HOLD_ATTRIBUTE = 'office_hold';
/** The answers item's attributes of the office's marks on the checklist, their version and the completeness the staff list filters on. */
export const MATERIALS_ATTRIBUTES = { marks: 'materials', version: 'materials_version', complete: 'materials_complete' } as const;
/** The answers item's attributes of the reading (reading-store.ts): assigned readers, the checkout, the committee's mark. */
export const READING_ATTRIBUTES = { readers: 'reading_readers', committee: 'reading_committee' } as const;
export const CHECKOUT_ATTRIBUTES = { by: 'checkout_by', until: 'checkout_until' } as const;

/** The marks an answers item holds (materials-store.ts writes them whole), each checked; none before the first. */
export function materialsOf(item: Record<string, unknown>): StoredMaterials | undefined {
  const version = item[MATERIALS_ATTRIBUTES.version];
  const raw = item[MATERIALS_ATTRIBUTES.marks];
  if (typeof version !== 'number' || !raw || typeof raw !== 'object') return undefined;
  const marks: Record<string, MaterialMark> = {};
  for (const [id, value] of Object.entries(raw as Record<string, unknown>)) {
    const m = value as Partial<MaterialMark> | undefined;
    if ((m?.status !== 'received' && m?.status !== 'waived') || typeof m.by !== 'string' || typeof m.at !== 'string') continue;
    marks[id] = { status: m.status, by: m.by, at: m.at, ...(typeof m.received_at === 'string' ? { received_at: m.received_at } : {}) };
  }
  return { marks, version };
}
/**
 * What the answers item keeps of the recommendations (recommendation-slots.ts): the ids holding
 * a slot of each role (string sets, removed by DynamoDB when emptied) and the invitations sent.
 * The save's condition reads the two sets: while either exists the waiver may not change.
 */
export const SLOT_ATTRIBUTES = { counselor: 'recSlotsCounselor', teacher: 'recSlotsTeacher', invitations: 'recInvitations' } as const;
export const SK = {
  answers: ANSWERS_ITEM_SK,
  status: 'status',
  session: SESSION_ITEM_SK,
  validations: 'validations',
  token: 'token',
  reference: 'reference',
  snapshot: 'snapshot',
  document: (key: string) => `document#${key}`,
  activity: (sessionId: string) => `activity#${sessionId}`,
  uploadsOn: (day: string) => `uploads#${day}`,
  tab: (id: string) => `tab#${id}`,
  addAnother: (id: string) => `add#${id}`,
} as const;

export { SUPPLEMENT_PREFIX, erasureMarkerKey };
export const isSupplementKey = (key: string): boolean => key.startsWith(SUPPLEMENT_PREFIX);

/** Partition key of a reserved application reference. */
export const referencePk = (reference: string): string => `reference#${reference}`;

/**
 * The office's notes on an application (notes-store.ts): a partition of their own, so no read of
 * the applicant's partition (their routes, their copy of their data, the PDF) meets them.
 */
export const notesPk = (application: string): string => `notes#${application}`;
/** An applicant's recommendation records (recommendations-store.ts). */
export const recommendationsPk = (sub: string): string => `recommendations#${sub}`;
/** A recommendation link token's hash → its record. */
export const recommendationTokenPk = (hash: string): string => `rectoken#${hash}`;
/** A recommendation's id → its owner (the converter and the office find a recommendation from its id). */
export const recommendationIdPk = (id: string): string => `rec#${id}`;
/** The recommendations whose links expire on a day (YYYY-MM-DD): what the daily sweep reads. */
export const recommendationDuePk = (day: string): string => `rec-due#${day}`;
/** A temporary or service token, by its SHA-256 (tokens-store.ts). */
export const tokenPkOfHash = (hash: string): string => `token#${hash}`;
/** A release of decisions, and the one partition listing the pending ones (releases-store.ts). */
export const releasePk = (id: string): string => `release#${id}`;
export const PENDING_RELEASES_PK = 'releases';
/** The office's ledger of temporary links (temporary-links-store.ts). */
/** An application's duplicate flags (`with#<other>`) and the match keys it is filed under (`keys`): domain/duplicates/, duplicates-store.ts. */
export const duplicatesPk = (id: string): string => `duplicates#${id}`;
/** The applications of a cycle filed under one value of a rule (the value's SHA-256: no personal data in a key). */
export const duplicateKeyPk = (cycle: string, rule: string, hash: string): string => `dupkey#${cycle}#${rule}#${hash}`;
export const TEMPORARY_LINKS_PK = 'temporary-links';
/** The office's mailings, one partition (messages-store.ts); a mailing's send ledger, a row per recipient; an application's messages. */
export const MAILINGS_PK = 'mailings';
export const mailingLedgerPk = (mailing: string): string => `mailing#${mailing}`;
export const messagesPk = (application: string): string => `messages#${application}`;
/** The suppression list, one partition; an unsubscribe link's token, by its hash (suppression-store.ts). */
export const SUPPRESSIONS_PK = 'suppressions';
export const unsubscribeTokenPk = (hash: string): string => `unsubscribe#${hash}`;
/** A fixed-window counter of one scope and key (rate-limits.ts); the key is cut to 200 characters. */
export const ratePk = (scope: string, key: string): string => `rate#${scope}#${key.slice(0, 200)}`;
/** A shelf of the reading's pointers (reading-store.ts): `reader#<e-mail>`, `open`, `committee`, `checkout#<e-mail>`, `turn`. */
export const readingPk = (shelf: string): string => `reading#${shelf}`;
/** The one partition of the machine clients of the student information system's API (sis-clients-store.ts). */
export const SIS_CLIENTS_PK = 'sis-clients';
/** A machine client's idempotency keys, its partition alone (idempotency-store.ts). */
export const sisIdempotencyPk = (clientId: string): string => `sis-idempotency#${clientId}`;
/** The one partition of the staff users' last sign-ins and the office's admin-change lock (staff-users-store.ts). */
export const STAFF_USERS_PK = 'staff-users';
/** The one partition of the office's saved filter sets of the staff list (filter-sets-store.ts). */
export const FILTER_SETS_PK = 'filter-sets';
/** The one partition of the office's edits of Settings (settings-store.ts). */
export const SETTINGS_PK = 'settings';
/** The dashboard's counter partitions (dashboard-counters.ts): a cycle's, a week's reviews. */
export const dashboardPk = (name: string): string => `dashboard#${name}`;
export const dashboardCyclePk = (cycle: string): string => dashboardPk(`cycle#${cycle}`);
export const dashboardReadersPk = (week: string): string => dashboardPk(`readers#${week}`);
/** The counters' change number (dashboard-version.ts): one item, one number `v`. */
export const DASHBOARD_VERSION_KEY = { pk: dashboardPk('version'), sk: 'version' } as const;
export const DASHBOARD_VERSION_FIELD = 'v';
/** The audit table: the office's own records, an application's records, an application's office-status history. */
export const OFFICE_AUDIT_PK = 'office';
export const applicationAuditPk = (application: string): string => `application#${application}`;
export const historyPk = (application: string): string => `history#${application}`;

/**
 * The partition-key families a route's grant can be limited to (`within` in lambdas/routes.ts):
 * IAM's `dynamodb:LeadingKeys` patterns (StringLike: `*` any run, `?` one character), built from
 * the key builders above so each prefix has one home. local/route-grants.ts plays the condition.
 */
export const KEY_FAMILIES = {
  /** An applicant's own partition: a Cognito `sub` (a UUID), and nothing with a prefix. */
  applicant: '????????-????-????-????-????????????',
  /** An account's application of a later cycle: its `sub`, two hyphens, the cycle's id (domain/ports/keys.ts). */
  laterApplication: laterApplicationKey('????????-????-????-????-????????????', '*'),
  /** A staff member's sessions (domain/ports/keys.ts). */
  staffSession: staffSessionKey('*'),
  /** The markers of deletions in progress (domain/ports/keys.ts), which authorise the retention function to delete an identity. */
  erasureMarker: erasureMarkerKey('*').pk,
  recommendations: recommendationsPk('*'),
  /** The office's notes on each application (answers table), which only the notes routes and the erasure reach. */
  notes: notesPk('*'),
  recommendationTokens: recommendationTokenPk('*'),
  recommendationIds: recommendationIdPk('*'),
  recommendationDueDays: recommendationDuePk('*'),
  /** Temporary links' and service tokens (one family: a token's item names its kind). */
  tokens: tokenPkOfHash('*'),
  releases: releasePk('*'),
  pendingReleases: PENDING_RELEASES_PK,
  temporaryLinks: TEMPORARY_LINKS_PK,
  /** The office's mailings (their words and filters), each mailing's send ledger (a recipient's address and state), and each application's messages. */
  mailings: MAILINGS_PK,
  mailingLedgers: mailingLedgerPk('*'),
  applicantMessages: messagesPk('*'),
  /** The suppression list (addresses and reasons), and the unsubscribe links' tokens (hashed, each with its address). */
  suppressions: SUPPRESSIONS_PK,
  unsubscribeTokens: unsubscribeTokenPk('*'),
  /** Possible duplicates: each application's flags and filed keys, and the cycles' filed values (hashed). */
  duplicates: duplicatesPk('*'),
  duplicateKeys: duplicateKeyPk('*', '*', '*'),
  /** The machine clients: names, scopes and secrets' hashes, read by the machine middleware. */
  sisClients: SIS_CLIENTS_PK,
  /** The machine clients' idempotency keys and the first answers kept under them, for a day. */
  sisIdempotency: sisIdempotencyPk('*'),
  /** The counters of one rate-limit scope. */
  rate: (scope: string) => ratePk(scope, '*'),
  /** The staff users' last sign-ins and the admin-change lock: no applicant's data. */
  staffUsers: STAFF_USERS_PK,
  /** The office's edits of Settings: the words every applicant reads, no one's personal data. */
  settings: SETTINGS_PK,
  /** The office's saved filter sets of the list: names and filters, no applicant's data. */
  filterSets: FILTER_SETS_PK,
  /** The reading's pointers: each reader's queue, the open pool, the committee, checkouts, the rules' turns (reading-store.ts). */
  reading: readingPk('*'),
  officeAudit: OFFICE_AUDIT_PK,
  applicationAudit: applicationAuditPk('*'),
  officeStatusHistory: historyPk('*'),
  /** The dashboard's counters (dashboard-counters.ts): counts of applications, no one's data. */
  dashboard: dashboardPk('*'),
} as const;

/** Epoch seconds, the unit of DynamoDB TTL attributes. */
export const epochSeconds = (date: Date = new Date()): number => Math.floor(date.getTime() / 1000);

/**
 * dynalite never deletes expired items and AWS deletes them lazily: an item whose expiresAt
 * is past is treated as absent everywhere through this check.
 */
export function isExpired(item: { expiresAt?: unknown } | undefined, now: Date = new Date()): boolean {
  return typeof item?.expiresAt === 'number' && item.expiresAt <= epochSeconds(now);
}

/** A failed ConditionExpression, recognised by name (instanceof breaks across SDK copies). */
export function isConditionalFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/** The write's result, or undefined when its condition refused it. */
export async function conditional<T>(write: () => Promise<T>): Promise<T | undefined> {
  try {
    return await write();
  } catch (error) {
    if (isConditionalFailure(error)) return undefined;
    throw error;
  }
}
