/** Names of stored items the use-cases reason about (the adapters' key scheme uses the same: adapters/store/keys.ts). */

/** Document answer keys of materials added after submission start with this. */
export const SUPPLEMENT_PREFIX = 'supplement_';
/**
 * The sort key of the applicant's session record (status table): when they last signed out
 * everywhere and which sign-in sessions are revoked. An erasure keeps it, closed (ports/erasure.ts).
 */
export const SESSION_ITEM_SK = 'session';
/** The sort key of the applicant's answers item (the submissions index projects it; a cursor names it). */
export const ANSWERS_ITEM_SK = 'answers';
/**
 * The answer every recommender is told (the waiver of the right to see their letter): once a
 * recommendation holds a slot, no save may change it (ports/recommendations.ts, RecommendationSlots).
 */
export const WAIVER_ANSWER_KEY = 'counselor_waiver_request';
/** The term the applicant means to enter: one of their cycle's entry terms (issue 37). */
export const ENTRY_TERM_KEY = 'entry_term';
/** The round the applicant applies in (Final Steps; issue 37): written by the submission's lock when the question was not asked. */
export const ROUND_KEY = 'application_round';
/**
 * Where a staff member's sign-outs and sessions are kept in the status table: never an applicant's
 * key. Here rather than beside the staff session's rules so that the key scheme (and so every
 * applicant bundle, adapters/store/keys.ts) does not reach the staff code.
 */
export const staffSessionKey = (sub: string) => `staff#${sub}`;
/**
 * The marker of an applicant's deletion in progress (status table; ports/erasure.ts): in a
 * partition of its own, out of the applicant's, so the functions limited to the applicant's
 * partition (the sign-in, the session's refresh) can neither write nor remove the marker that lets
 * the retention function delete an identity.
 */
export const erasureMarkerKey = (sub: string) => ({ pk: `erasure#${sub}`, sk: 'erasure' }) as const;

/**
 * Where an application other than an account's first keeps its items (issue 37, applying again):
 * the account's `sub`, this separator, then the cycle's id. The first application keeps the bare
 * `sub`, so data written before cycles existed needs no migration. Two hyphens: every id check of
 * the platform (`[A-Za-z0-9-]{1,128}`: staff paths, S3 keys, event payloads) lets it through, a
 * Cognito `sub` (a UUID) never holds it, and IAM's LeadingKeys can name the family
 * (adapters/store/keys.ts, KEY_FAMILIES.laterApplication).
 */
export const APPLICATION_KEY_SEPARATOR = '--';
/** The partition of an account's application of a cycle after its first. */
export const laterApplicationKey = (sub: string, cycle: string): string => `${sub}${APPLICATION_KEY_SEPARATOR}${cycle}`;
/** The account an application's partition belongs to: its own key for the first application, the part before the separator for a later one. */
export const accountOf = (application: string): string => {
  const at = application.indexOf(APPLICATION_KEY_SEPARATOR);
  return at < 0 ? application : application.slice(0, at);
};
/** The cycle a later application's key names (undefined for an account's first application, kept under the bare `sub`). */
export const cycleOfKey = (application: string): string | undefined => {
  const at = application.indexOf(APPLICATION_KEY_SEPARATOR);
  return at < 0 ? undefined : application.slice(at + APPLICATION_KEY_SEPARATOR.length);
};
/** The sort key of an account's list of applications, one per cycle (status table, in the account's partition). */
export const APPLICATIONS_ITEM_SK = 'applications';

/**
 * The index of applications in progress (ports/in-progress.ts), for CDK (lib/ reads these through
 * the route table) and the stores. Its partition is
 * the application's cycle, its sort key the first save's time and the application's id; it
 * projects only its keys: the save sets them only where they are absent, so no later save changes
 * what the index holds and none writes to it.
 */
export const IN_PROGRESS_INDEX = 'in-progress';
export const IN_PROGRESS_INDEX_KEYS = { partition: 'progress_cycle', sort: 'progress_sort' } as const;

/**
 * The dashboard's count of started applications (domain/dashboard/counters.ts): the counter item
 * of a cycle and its field, and the answers item's attribute naming the cycle its start was
 * counted in (written by its first answer save only). Here, with the names the save already
 * reaches, so that counting a start adds as little as can be to the applicant's hot path.
 */
export const DASHBOARD_STARTED = { item: 'started', field: 'started', attribute: 'started_cycle' } as const;
