/**
 * The one route table: the server's own part of each route, its grants (and the lock and link
 * flags of its pipeline). The local server (local/) dispatches by it and the CDK API construct
 * (lib/) creates one Lambda per row from it, with exactly the grants listed here, so what a
 * handler may touch and what it is configured with never drift apart. A handler takes the fields
 * of its row the pipeline reads, checked against this table by the compiler
 * (`routeRow('saveAnswers', {...})`, lambdas/route-row.ts), so the table stays out of its Lambda's
 * bundle (about 14 kB; test/infra/lambda-bundles.test.ts). `route('name')` gives a whole row to
 * lib/, local/ and the tests.
 *
 * Everything else about a route is declared once in its contract in the wire (form/wire: name,
 * method, path, input, answer, access, roles, what it records, an example), which the web app's
 * client is typed by too; `wire('name')` brings it into the row.
 *
 * One name per operation: the row's `name` is the handler's and, where there is one, the
 * adapter's; the handler module is named after the spec's path and the method
 * (`PUT /api/answer` → `http/api-answer-put.ts`, `entryOf`), so each can be found from the other.
 */

import { actionsFor, type Resource, type SdkCall } from '#adapters/iam-actions';
import { KEY_FAMILIES } from '#adapters/store/keys';
import { MAILINGS_RATE_SCOPE } from '#domain/ports/messages';
import { APPLICANT_RATE_SCOPES, DATA_EXPORT_SCOPE, INVITATION_COUNTERS, LETTER_UPLOADS_SCOPE, RECOMMENDER_RATE_SCOPES } from '#domain/ports/recommendations';
import { SIS_RATE_SCOPE } from '#domain/ports/sis-clients';
import { UNSUBSCRIBE_MISSES_SCOPE, UNSUBSCRIBE_USES_SCOPE } from '#domain/ports/suppression';
import type { Access, HttpMethod } from '#form/wire/endpoint';
import { endpoints, type EndpointName, type Endpoints } from '#form/wire/endpoints';
import type { StaffRole } from '#form/wire/roles';
import type { SisScope } from '#form/wire/sis';

/** Who may call a route (form/wire/endpoint.ts): each level is one module, lambdas/middleware/access/<level>.ts. */
export type { Access, HttpMethod };

export type { Resource, SdkCall };

/** The environment variables that configure a Lambda for a resource it is granted (lib/ sets them, lambdas/config.ts reads them). */
export const ENV_BY_RESOURCE: Record<Resource, readonly string[]> = {
  answersTable: ['ANSWERS_TABLE'],
  statusTable: ['STATUS_TABLE'],
  tabsTable: ['TABS_TABLE'],
  uploadsBucket: ['UPLOADS_BUCKET'],
  documentsBucket: ['DOCUMENTS_BUCKET'],
  identity: ['USER_POOL_ID', 'USER_POOL_CLIENT_ID'],
  // The address category comes from an Amazon Location place index in AWS (absent locally).
  lookupData: ['LOOKUP_TABLE', 'LOOKUP_PLACE_INDEX'],
  renderFunction: ['RENDER_FUNCTION_NAME'],
  staffIdentity: ['STAFF_USER_POOL_ID', 'STAFF_USER_POOL_CLIENT_ID'],
  // The machine pool whose tokens the student information system's routes verify (its clients are the machines).
  sisIdentity: ['SIS_USER_POOL_ID', 'SIS_TOKEN_ENDPOINT'],
  auditTable: ['AUDIT_TABLE'],
  // Route and event Lambdas publish through the publisher Lambda (async: retries, DLQ).
  events: ['EVENTS_FUNCTION_NAME'],
  exportsBucket: ['EXPORTS_BUCKET'],
  // The sparse index of submissions lives in the answers table.
  submissionsIndex: ['ANSWERS_TABLE'],
  // So does the change index, the student information system's list.
  changesIndex: ['ANSWERS_TABLE'],
  // And the staff list's orders by name and by average review score.
  nameIndex: ['ANSWERS_TABLE'],
  scoreIndex: ['ANSWERS_TABLE'],
  // And the index of applications in progress, the office's list of them.
  inProgressIndex: ['ANSWERS_TABLE'],
  // The trail's index (every record by action and time) lives in the audit table.
  auditTrailIndex: ['AUDIT_TABLE'],
  confirmationFunction: ['CONFIRMATION_FUNCTION_NAME'],
  // The retention sweep's function, the only one that may delete identities: the office's erasure hands it one.
  retentionFunction: ['RETENTION_FUNCTION_NAME'],
  // The SES sender identity a route sends from (a temporary link to its recipient, recommendations).
  mail: ['MAIL_FROM_ADDRESS'],
  // Scheduled releases: the schedule group, the release Lambda they invoke and the role they invoke it with.
  releaseSchedule: ['RELEASE_SCHEDULE_GROUP', 'RELEASE_FUNCTION_ARN', 'RELEASE_SCHEDULER_ROLE_ARN'],
  // The queue of mailings' starts and deliveries (lib/messages.ts), drained by the mailing sender.
  mailingQueue: ['MAILING_QUEUE_URL'],
};

/** The sparse index of submitted applications, for CDK (declared with the port that queries it). */
export { ANSWERS_INDEXES, CHANGES_INDEX, NAME_INDEX, SCORE_INDEX, SUBMISSIONS_INDEX } from '#domain/ports/submissions';
/** The sparse index of applications in progress, for CDK (declared with the port that queries it). */
export { IN_PROGRESS_INDEX } from '#domain/ports/in-progress';
/** The trail's index of the audit table, for CDK (declared with the port that queries it). */
export { AUDIT_TRAIL_INDEX, AUDIT_TRAIL_INDEX_KEYS } from '#domain/ports/audit';
/** The log line's marker CDK turns into the metric of the invitations' site-wide cap and its alarm. */
export { INVITATION_SITE_CAP_METRIC } from '#domain/ports/recommendations';
/** The same for the office's daily cap of mailings. */
export { MAILINGS_CAP_METRIC } from '#domain/ports/messages';

/**
 * How lib/ grants the event functions it builds itself (conversion, PDF, mail): read, readwrite,
 * or append (new items only: PutItem, no update, delete or read, for the audit trail). Route rows
 * grant exact calls instead.
 */
export type AccessMode = 'read' | 'readwrite' | 'append';

/**
 * What a route may do with one resource: the SDK calls its code makes there, and the IAM actions
 * those need (lambdas/adapters/iam-actions.ts). A resource with no calls (a user pool's client
 * APIs need no IAM) still configures the function with its names.
 */
export interface Grant {
  resource: Resource;
  calls: readonly SdkCall[];
  actions: readonly string[];
  /**
   * The partitions of a table the grant reaches (IAM's `dynamodb:LeadingKeys` patterns, the
   * families of adapters/store/keys.ts); without it, the whole table. lib/ turns it into the
   * statement's condition and the local stack refuses a call outside it (local/route-grants.ts).
   */
  keys?: readonly string[];
}

interface RouteFields {
  /** The operation's one name: the handler's, the Lambda's logical id, the `route` of its logs. */
  name: string;
  method: HttpMethod;
  /** API Gateway path syntax: `{key}` is a path parameter. The spec's paths, unchanged. */
  path: string;
  /** Handler module relative to lambdas/, exporting `handler`: `http/<path>-<method>.ts`. */
  entry: string;
  access: Access;
  /**
   * The route changes what the application is made of, so a submitted application refuses it
   * (409, one message). The pipeline refuses it up front; the stores' conditional writes make
   * the refusal exact for a request racing the submit. `'by-its-write'`: the route's use-case
   * does nothing before one conditional write that carries the lock, and reads why when it is
   * refused (the save, domain/answer-save.ts), so the pipeline's read up front would only add a
   * round trip to every save.
   */
  lockedAfterSubmit?: true | 'by-its-write';
  /**
   * A person's browser opens the route from a plain link (a download): when the session is gone
   * the browser is answered with a page that says so and links to the sign-in, not the JSON
   * a script reads (a `fetch` still gets the usual 401 JSON).
   */
  openedByLink?: true;
  grants: readonly Grant[];
}

/**
 * A staff route names the roles it allows (its contract's, form/wire/staff-endpoints.ts); the
 * staff access middleware refuses every other role with a 403 before the handler runs, so
 * nothing is written or audited.
 */
export type RouteDef = RouteFields &
  (
    | { access: 'staff'; roles: readonly StaffRole[]; scope?: never }
    | { access: 'machine'; scope: SisScope; roles?: never }
    | { access: Exclude<Access, 'staff' | 'machine'>; roles?: never; scope?: never }
  );

/** The handler module of a route: `PUT /api/document-answer/{key}` → `http/api-document-answer-key-put.ts`. */
export function entryOf(method: HttpMethod, path: string): string {
  const fromPath = path
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/[{}]/g, '').replace(/\./g, '-'))
    .join('-');
  return `http/${fromPath}-${method.toLowerCase()}.ts`;
}

type Contract<N extends EndpointName> = Endpoints[N];
/** What a row takes from its contract: the name, method, path, access and (a staff route's) roles, and the handler module they name. */
type Wired<N extends EndpointName> = {
  name: N;
  method: Contract<N>['method'];
  path: Contract<N>['path'];
  access: Contract<N>['access'];
  entry: string;
} & (Contract<N> extends {
  roles: infer R;
}
  ? { roles: R }
  : unknown) &
  (Contract<N> extends { scope: infer S } ? { scope: S } : unknown);

/** A row's part declared in its contract (form/wire/endpoints.ts), once. */
function wire<N extends EndpointName>(name: N): Wired<N> {
  const contract: { method: HttpMethod; path: string; access: Access; roles?: readonly StaffRole[]; scope?: SisScope } = endpoints[name];
  const { method, path, access, roles, scope } = contract;
  return { name, method, path, access, entry: entryOf(method, path), ...(roles ? { roles } : {}), ...(scope ? { scope } : {}) } as Wired<N>;
}

/** The calls a route makes on one resource (test/infra/grants.test.ts finds each in its code). */
const uses = (resource: Resource, ...calls: SdkCall[]): Grant => ({ resource, calls, actions: actionsFor(resource, calls) });
/** A grant limited to some partitions of its table (`keys` above). */
const within = (keys: readonly string[], grant: Grant): Grant => ({ ...grant, keys });
const K = KEY_FAMILIES;

/**
 * The recommender's functions are public (the link's token is the credential), so they reach only
 * the recommendations' records, their link tokens and their own counters: never an applicant's
 * partition (sessions, status, the erasure marker), a release or a link of the office.
 */
const recommenderKeys = [K.recommendations, K.recommendationTokens, ...RECOMMENDER_RATE_SCOPES.map(K.rate)];
/**
 * The audit table by what a staff route records: its office-wide records (lists, exports, links,
 * sign-ins), an application's records (reads, downloads, reviews, decisions, the erasure), and
 * the office-status history, which decides an application's status and only the routes that
 * change that status write.
 */
const auditOffice = within([K.officeAudit], uses('auditTable', 'PutCommand'));
const auditApplication = within([K.applicationAudit], uses('auditTable', 'PutCommand'));
const readsHistory = within([K.officeStatusHistory], uses('auditTable', 'QueryCommand'));
const writesHistory = within([K.officeStatusHistory], uses('auditTable', 'PutCommand', 'QueryCommand'));

/**
 * Every route behind a session reads its revocation marker and keeps its last-activity mark in
 * the status table (the idle timeout: a read and a write at most once a minute, session-activity.ts),
 * in the applicant's own partition or the staff member's: a route behind a session reaches no one
 * else's sessions through it.
 */
const session: Grant = uses('statusTable', 'GetCommand', 'UpdateCommand');
/** An account's partitions: its own (its first application, its sessions) and its later applications'. */
const applicantKeys = [K.applicant, K.laterApplication];
const applicantSession = within(applicantKeys, session);
const staffSession = within([K.staffSession], session);
/** An applicant's status items (status, web status, validations, sign-out, upload counts), in their own partition. */
const applicantStatus = (...calls: SdkCall[]): Grant => within(applicantKeys, uses('statusTable', ...calls));
/** The recommendations' records of an application (status table, pk=recommendations#<sub>). */
const recommendationRecords = (...calls: SdkCall[]): Grant => within([K.recommendations], uses('statusTable', ...calls));
/** A recommendation's record and every pointer to it (its id, its link tokens, its due day): what an invitation writes. */
const recommendationKeys = [K.recommendations, K.recommendationIds, K.recommendationTokens, K.recommendationDueDays];
/** The office's releases: each release's item and the partition listing the pending ones. */
const releaseKeys = [K.releases, K.pendingReleases];
/** The office's words of Settings (the status table's `settings` partition): read by every function that says them, each e-mail's sender too (wiring/office-words.ts). */
const officeWords = within([K.settings], uses('statusTable', 'QueryCommand'));
/** The dashboard's counters a change of an application adds to (adapters/store/dashboard-counters.ts): ADD only, in their own partitions. */
const countsDashboard = within([K.dashboard], uses('statusTable', 'UpdateCommand'));
/** The same read for the event functions that send e-mails (lib/: the release run; the sweeps' own grants already cover it). */
export const OFFICE_WORDS_READ: Grant = officeWords;
/**
 * Every machine route verifies its token against the machine pool, reads its client's record (revoked?
 * expired?), marks its last use and counts its requests a minute: the clients' partition and its counters alone.
 */
const machineCall: readonly Grant[] = [
  uses('sisIdentity'),
  within([K.sisClients], uses('statusTable', 'GetCommand', 'UpdateCommand')),
  within([K.rate(SIS_RATE_SCOPE)], uses('statusTable', 'UpdateCommand')),
];
/**
 * What a machine's record of an application reads (domain/sis/application-record.ts): its items in
 * the answers table, its status history, its documents' and PDF's signed links; the read recorded.
 */
const sisRecordReads: readonly Grant[] = [
  uses('answersTable', 'GetCommand', 'QueryCommand'),
  readsHistory,
  uses('documentsBucket', 'GetObjectCommand'),
  auditApplication,
];
const locked = { lockedAfterSubmit: true } as const;
const link = { openedByLink: true } as const;
/**
 * An export's reads per application: what the status page's checklist reads (its record, its tab
 * choices), and the decision record (a decider's or an admin's export).
 */
const exportReads: readonly Grant[] = [uses('answersTable', 'QueryCommand', 'GetCommand'), uses('tabsTable', 'QueryCommand')];
/** A download route's reads: the application's files (one query) and a new signed link to one of them. */
const fileReads: readonly Grant[] = [uses('answersTable', 'GetCommand', 'QueryCommand'), uses('documentsBucket', 'GetObjectCommand')];
/** The session's activity mark and the application's recommendations, both in the status table (the staff detail and the exports read both). */
const recommendationsAndSession: readonly Grant[] = [staffSession, recommendationRecords('QueryCommand')];
/** The streamed export (a multipart upload, aborted on failure) and its presigned download. */
/**
 * A staff write on an application (a review, a decision): the submission and its items in the
 * answers table (reviews, the decision record, the copies the list shows), the audit record
 * written first and the office-status history kept beside it in the audit table.
 */
const applicationWrites = (...answersCalls: SdkCall[]): readonly Grant[] => [
  uses('staffIdentity'),
  staffSession,
  uses('answersTable', ...answersCalls),
  auditApplication,
  writesHistory,
];
/** The reading's pointers in the status table (reading-store.ts): the queues, the committee, checkouts, the rules' turns. */
const readingPointers = (...calls: SdkCall[]): Grant => within([K.reading], uses('statusTable', ...calls));
const exportObjects: Grant = uses(
  'exportsBucket',
  'CreateMultipartUploadCommand',
  'UploadPartCommand',
  'CompleteMultipartUploadCommand',
  'AbortMultipartUploadCommand',
  'GetObjectCommand',
);

/** The office's mailings and their send ledgers (status table: messages-store.ts), as the mailing routes read them. */
const mailingsRead = within([K.mailings, K.mailingLedgers], uses('statusTable', 'GetCommand', 'QueryCommand'));
/** Finding a mailing's recipients as the staff lists find them (domain/messages/recipients.ts). */
const recipientReads: readonly Grant[] = [
  uses('submissionsIndex', 'QueryCommand'),
  uses('inProgressIndex', 'QueryCommand'),
  within(applicantKeys, uses('answersTable', 'GetCommand')),
  within([K.applicant], uses('statusTable', 'GetCommand')),
];
/** An application's messages (status table, pk=messages#<application>): the applicant's Messages section, the office's view of them, the applicant's copy of their data. */
const applicantMessagesRead = within([K.applicantMessages], uses('statusTable', 'QueryCommand'));

/**
 * What deleting an applicant touches besides the answers table: in the status table their
 * partition, the marker of their erasure, their recommendations with every pointer to them and
 * their counters (adapters/store/erasure-store.ts); the tabs, their objects.
 */
const erasure: readonly Grant[] = [
  within(
    [
      ...applicantKeys,
      K.erasureMarker,
      ...recommendationKeys,
      ...[LETTER_UPLOADS_SCOPE, ...APPLICANT_RATE_SCOPES].map(K.rate),
      K.duplicates,
      K.duplicateKeys,
      K.reading,
      K.mailings,
      K.mailingLedgers,
      K.applicantMessages,
    ],
    uses('statusTable', 'GetCommand', 'UpdateCommand', 'QueryCommand', 'PutCommand', 'DeleteCommand'),
  ),
  uses('tabsTable', 'QueryCommand', 'DeleteCommand'),
  ...(['uploadsBucket', 'documentsBucket', 'exportsBucket'] as const).map((bucket) => uses(bucket, 'ListObjectsV2Command', 'DeleteObjectCommand')),
];

export const routes = [
  // Accounts (public)
  { ...wire('signUp'), grants: [uses('identity', 'SignUpCommand')] },
  { ...wire('confirmSignUp'), grants: [uses('identity', 'ConfirmSignUpCommand')] },
  { ...wire('resendConfirmation'), grants: [uses('identity', 'ResendConfirmationCodeCommand')] },
  {
    ...wire('logIn'),
    // The sign-in's own record of it, and on the first the cycle of the account's first application, in the applicant's partition alone.
    grants: [uses('identity', 'InitiateAuthCommand'), within([K.applicant], uses('statusTable', 'UpdateCommand', 'PutCommand'))],
  },
  { ...wire('forgotPassword'), grants: [uses('identity', 'ForgotPasswordCommand')] },
  // Renews the session's tokens with its refresh token; the browser calls it on a 401 and retries once.
  {
    ...wire('refreshSession'),
    grants: [uses('identity', 'InitiateAuthCommand', 'RevokeTokenCommand'), applicantSession],
  },
  { ...wire('resetPassword'), grants: [uses('identity', 'ConfirmForgotPasswordCommand')] },
  // Anyone with a link calls it: it reads the link's token (which carries the answers shared) and marks the link opened in the office's ledger, nothing else.
  {
    ...wire('readTemporaryAnswers'),
    grants: [within([K.tokens], uses('statusTable', 'GetCommand')), within([K.temporaryLinks], uses('statusTable', 'UpdateCommand'))],
  },

  // Service view (PDF rendering)
  {
    ...wire('readServiceView'),
    grants: [within([K.tokens], uses('statusTable', 'GetCommand')), uses('answersTable', 'QueryCommand'), uses('tabsTable', 'QueryCommand')],
  },

  // Applicant data
  { ...wire('readProfile'), grants: [applicantSession, uses('answersTable', 'QueryCommand')] },
  // The status page's Messages section: the application's messages partition alone.
  { ...wire('readMessages'), grants: [applicantSession, applicantMessagesRead] },
  {
    ...wire('logOut'),
    grants: [uses('identity', 'AdminUserGlobalSignOutCommand'), applicantStatus('GetCommand', 'UpdateCommand', 'PutCommand')],
  },
  {
    ...wire('saveAnswers'),
    lockedAfterSubmit: 'by-its-write',
    grants: [applicantSession, uses('answersTable', 'GetCommand', 'UpdateCommand'), countsDashboard],
  },
  { ...wire('saveLastPage'), grants: [applicantStatus('GetCommand', 'UpdateCommand')] },
  // The account's choice, and a submitted application's copy of it (its e-mails).
  { ...wire('saveLanguage'), grants: [applicantStatus('GetCommand', 'UpdateCommand'), uses('answersTable', 'UpdateCommand')] },
  { ...wire('advanceWebStatus'), grants: [applicantStatus('GetCommand', 'UpdateCommand')] },
  {
    ...wire('saveValidations'),
    grants: [applicantStatus('GetCommand', 'UpdateCommand', 'PutCommand')],
  },
  // The applicant's e-mail for the office comes from the identity provider (AdminGetUser by the session's sub).
  {
    ...wire('submitApplication'),
    grants: [
      uses('identity', 'AdminGetUserCommand'),
      applicantStatus('GetCommand', 'UpdateCommand'),
      // The query reads the locked application whole (answers, documents, a snapshot already kept) for its snapshot.
      uses('answersTable', 'GetCommand', 'QueryCommand', 'PutCommand', 'UpdateCommand', 'DeleteCommand'),
      countsDashboard,
      uses('tabsTable', 'QueryCommand', 'UpdateCommand'),
      uses('renderFunction', 'InvokeCommand'),
      uses('events', 'InvokeCommand'),
      uses('confirmationFunction', 'InvokeCommand'),
      // Possible duplicates: filed under its match keys, the others filed there looked up, flags put on both sides.
      within([K.duplicates, K.duplicateKeys], uses('statusTable', 'PutCommand', 'QueryCommand')),
      // The reading's assignment: its readers' pointers and the rules' turns, in the reading's partitions alone.
      readingPointers('PutCommand', 'UpdateCommand'),
    ],
  },
  // The account's applications (issue 37): the list in its partition, each one's answers item; the start copies what is carried over and adds to the list.
  { ...wire('readOwnApplications'), grants: [applicantSession, uses('answersTable', 'GetCommand')] },
  {
    ...wire('startNextApplication'),
    grants: [applicantStatus('GetCommand', 'UpdateCommand', 'PutCommand'), uses('answersTable', 'GetCommand', 'UpdateCommand'), countsDashboard],
  },
  { ...wire('readTabs'), grants: [applicantSession, uses('tabsTable', 'QueryCommand')] },
  {
    ...wire('saveTab'),
    ...locked,
    grants: [applicantSession, uses('tabsTable', 'UpdateCommand'), uses('answersTable', 'GetCommand')],
  },
  { ...wire('readAddAnother'), grants: [applicantSession, uses('tabsTable', 'QueryCommand')] },
  {
    ...wire('saveAddAnother'),
    ...locked,
    grants: [applicantSession, uses('tabsTable', 'UpdateCommand'), uses('answersTable', 'GetCommand')],
  },

  // Documents and the application PDF
  { ...wire('readDocumentAnswers'), grants: [applicantSession, uses('answersTable', 'QueryCommand')] },
  {
    ...wire('deleteDocument'),
    ...locked,
    grants: [
      applicantSession,
      uses('answersTable', 'GetCommand', 'DeleteCommand'),
      uses('uploadsBucket', 'DeleteObjectCommand'),
      uses('documentsBucket', 'DeleteObjectCommand'),
    ],
  },
  {
    ...wire('grantUpload'),
    ...locked,
    grants: [applicantSession, uses('uploadsBucket', 'createPresignedPost'), uses('answersTable', 'GetCommand', 'UpdateCommand')],
  },
  {
    ...wire('attachUpload'),
    ...locked,
    grants: [applicantSession, uses('answersTable', 'GetCommand', 'UpdateCommand'), uses('uploadsBucket', 'HeadObjectCommand')],
  },
  {
    ...wire('readConversionStatus'),
    grants: [applicantSession, uses('answersTable', 'GetCommand')],
  },
  {
    ...wire('deleteConversion'),
    ...locked,
    grants: [applicantSession, uses('answersTable', 'GetCommand', 'UpdateCommand'), uses('documentsBucket', 'DeleteObjectCommand')],
  },
  {
    ...wire('readApplicationPdf'),
    grants: [
      applicantSession,
      // The language saved on the account: the applicant's copy is printed in it (issue 41).
      applicantStatus('GetCommand'),
      uses('answersTable', 'GetCommand', 'QueryCommand', 'UpdateCommand'),
      uses('renderFunction', 'InvokeCommand'),
      uses('documentsBucket', 'GetObjectCommand'),
    ],
  },
  // The page's download link: a new short-lived link on every click (the PDF itself is asked for by GET /api/pdf).
  {
    ...wire('downloadApplicationPdf'),
    ...link,
    grants: [applicantSession, uses('answersTable', 'QueryCommand'), uses('documentsBucket', 'GetObjectCommand')],
  },

  // The office's words of the applicant's pages (Settings): the settings partition alone.
  { ...wire('readOfficeTexts'), grants: [officeWords] },
  // Lookups
  {
    ...wire('findLookup'),
    grants: [uses('lookupData', 'GetCommand', 'QueryCommand', 'SearchPlaceIndexForSuggestionsCommand', 'GetPlaceCommand')],
  },

  // The admissions office: the staff pool's sessions; every staff read is audited first.
  {
    ...wire('staffLogIn'),
    grants: [
      uses('staffIdentity', 'InitiateAuthCommand', 'RespondToAuthChallengeCommand', 'AssociateSoftwareTokenCommand', 'VerifySoftwareTokenCommand'),
      auditOffice,
      // The staff user's last sign-in, which the console's staff list shows.
      within([K.staffUsers], uses('statusTable', 'UpdateCommand')),
    ],
  },
  {
    ...wire('staffLogOut'),
    grants: [
      uses('staffIdentity', 'GlobalSignOutCommand', 'RevokeTokenCommand'),
      within([K.staffSession], uses('statusTable', 'GetCommand', 'UpdateCommand', 'PutCommand')),
      auditOffice,
    ],
  },
  {
    ...wire('refreshStaffSession'),
    grants: [uses('staffIdentity', 'InitiateAuthCommand', 'RevokeTokenCommand'), within([K.staffSession], session)],
  },
  { ...wire('readStaffSession'), grants: [uses('staffIdentity'), staffSession] },
  {
    ...wire('listApplications'),
    // One index per sort (ports/submissions.ts, LIST_INDEXES).
    grants: [
      uses('staffIdentity'),
      ...(['submissionsIndex', 'changesIndex', 'nameIndex', 'scoreIndex'] as const).map((index) => uses(index, 'QueryCommand')),
      staffSession,
      auditOffice,
    ],
  },
  // The status table holds the session's activity mark and the application's recommendations.
  {
    ...wire('readApplication'),
    grants: [
      uses('staffIdentity'),
      uses('answersTable', 'GetCommand', 'QueryCommand'),
      uses('tabsTable', 'QueryCommand'),
      ...recommendationsAndSession,
      auditApplication,
      readsHistory,
    ],
  },
  // The console's document and PDF links: each click is recorded, then answered with a new short-lived link.
  {
    ...wire('downloadApplicationDocument'),
    ...link,
    grants: [uses('staffIdentity'), ...fileReads, staffSession, auditApplication],
  },
  {
    ...wire('downloadStaffApplicationPdf'),
    ...link,
    grants: [uses('staffIdentity'), ...fileReads, staffSession, auditApplication],
  },
  // Each row carries its materials' states: the status page's checklist, read per application (its documents and tab choices).
  {
    ...wire('exportApplicationsCsv'),
    ...link,
    grants: [uses('staffIdentity'), uses('submissionsIndex', 'QueryCommand'), ...recommendationsAndSession, auditOffice, exportObjects, ...exportReads],
  },
  {
    ...wire('exportApplicationsJson'),
    ...link,
    grants: [uses('staffIdentity'), uses('submissionsIndex', 'QueryCommand'), ...recommendationsAndSession, auditOffice, exportObjects, ...exportReads],
  },
  // The link's token is stored (hashed) in the status table, beside the office's ledger of links; a recipient's copy goes out through SES.
  {
    ...wire('issueTemporaryLink'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      within([K.tokens, K.temporaryLinks], uses('statusTable', 'PutCommand')),
      auditOffice,
      uses('mail', 'SendEmailCommand'),
      officeWords,
    ],
  },
  {
    ...wire('listTemporaryLinks'),
    grants: [uses('staffIdentity'), staffSession, within([K.temporaryLinks], uses('statusTable', 'QueryCommand')), auditOffice],
  },
  // Revoking deletes the link's token item and marks its line in the ledger.
  {
    ...wire('revokeTemporaryLink'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      within([K.temporaryLinks], uses('statusTable', 'GetCommand', 'UpdateCommand')),
      within([K.tokens], uses('statusTable', 'DeleteCommand')),
      auditOffice,
    ],
  },
  {
    ...wire('readAudit'),
    // One application's partition, or the office-wide view through the trail's index. The index's
    // partition key is a record's action, not its partition: LeadingKeys there would name actions, so
    // that read-only grant stays whole.
    grants: [
      uses('staffIdentity'),
      auditOffice,
      within([K.officeAudit, K.applicationAudit], uses('auditTable', 'QueryCommand')),
      uses('auditTrailIndex', 'QueryCommand'),
      staffSession,
      // The names of the applications; for a decider, a blind round's application and its reviews (reading/blind.ts).
      uses('answersTable', 'GetCommand', 'QueryCommand'),
    ],
  },

  // After submission: the status page's checklist and the materials accepted after submitting
  // The letters asked for join the checklist (the recommendations are in the status table).
  {
    ...wire('readChecklist'),
    grants: [applicantSession, recommendationRecords('QueryCommand'), uses('answersTable', 'QueryCommand'), uses('tabsTable', 'QueryCommand')],
  },
  {
    ...wire('grantSupplementUpload'),
    grants: [
      applicantSession,
      uses('answersTable', 'QueryCommand', 'GetCommand', 'UpdateCommand'),
      uses('uploadsBucket', 'createPresignedPost'),
      uses('tabsTable', 'QueryCommand'),
    ],
  },
  {
    ...wire('attachSupplement'),
    grants: [
      applicantSession,
      uses('answersTable', 'QueryCommand', 'GetCommand', 'UpdateCommand'),
      uses('uploadsBucket', 'HeadObjectCommand'),
      uses('tabsTable', 'QueryCommand'),
    ],
  },

  // Recommendations (docs/recommendations.md). Records, links and counters live in the status table.
  // The applicant's side: invitations go on after submission, so none of these is locked.
  {
    ...wire('listRecommendations'),
    // The answers item's slots (UpdateCommand): one no longer held is freed when the list is read.
    grants: [applicantSession, recommendationRecords('GetCommand', 'QueryCommand'), uses('answersTable', 'GetCommand', 'UpdateCommand')],
  },
  {
    ...wire('inviteRecommender'),
    // A record whose slot was refused is deleted (DeleteCommand); the slot is claimed on the answers item (UpdateCommand).
    grants: [
      uses('identity', 'AdminGetUserCommand'),
      applicantSession,
      within(recommendationKeys, uses('statusTable', 'GetCommand', 'QueryCommand', 'PutCommand', 'DeleteCommand')),
      within([INVITATION_COUNTERS.applicant, INVITATION_COUNTERS.recipient, INVITATION_COUNTERS.site].map(K.rate), uses('statusTable', 'UpdateCommand')),
      uses('answersTable', 'GetCommand', 'UpdateCommand'),
      uses('mail', 'SendEmailCommand'),
      officeWords,
    ],
  },
  {
    ...wire('remindRecommender'),
    // The record and the new link's token (PutCommand; DeleteCommand takes it back when the record
    // changed meanwhile), beside the session's activity mark (UpdateCommand).
    grants: [
      applicantSession,
      within([K.recommendations, K.recommendationTokens], uses('statusTable', 'GetCommand', 'PutCommand')),
      within([K.recommendationTokens], uses('statusTable', 'DeleteCommand')),
      uses('mail', 'SendEmailCommand'),
      officeWords,
    ],
  },
  {
    ...wire('cancelRecommendation'),
    grants: [applicantSession, recommendationRecords('GetCommand', 'PutCommand'), uses('answersTable', 'UpdateCommand')],
  },
  // The recommender's side: the link's token is the credential; each look-up is counted (UpdateCommand).
  {
    ...wire('readRecommendationRequest'),
    grants: [within(recommenderKeys, uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand'))],
  },
  {
    ...wire('grantLetterUpload'),
    grants: [within(recommenderKeys, uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand')), uses('uploadsBucket', 'createPresignedPost')],
  },
  {
    ...wire('readLetterStatus'),
    grants: [within(recommenderKeys, uses('statusTable', 'GetCommand', 'UpdateCommand'))],
  },
  {
    ...wire('submitRecommendation'),
    grants: [
      within(recommenderKeys, uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand')),
      uses('answersTable', 'GetCommand'),
      uses('mail', 'SendEmailCommand'),
      uses('events', 'InvokeCommand'),
      officeWords,
      // The applicant's notice, not to an address the suppression list stops.
      within([K.suppressions], uses('statusTable', 'GetCommand')),
    ],
  },
  {
    ...wire('declineRecommendation'),
    grants: [
      within(recommenderKeys, uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand')),
      uses('mail', 'SendEmailCommand'),
      officeWords,
      within([K.suppressions], uses('statusTable', 'GetCommand')),
    ],
  },
  // The office: a letter's signed link, an audited read.
  {
    ...wire('downloadRecommendationLetter'),
    grants: [uses('staffIdentity'), staffSession, recommendationRecords('GetCommand'), auditApplication, uses('documentsBucket', 'GetObjectCommand')],
  },

  // Reviews and decisions (docs/decisions-lifecycle.md). The rubric is configuration: nothing of an application is read.
  { ...wire('readReviewForm'), grants: [uses('staffIdentity'), staffSession] },
  // One query of the submissions index, oldest first, filtered by status and the reviewers' marker.
  {
    ...wire('nextToRead'),
    grants: [uses('staffIdentity'), staffSession, uses('submissionsIndex', 'QueryCommand'), auditOffice],
  },
  // The review, then the reading's pointers: out of the reader's queue (and checkout), to the committee when the reads disagree.
  {
    ...wire('saveReview'),
    grants: [
      ...applicationWrites('GetCommand', 'QueryCommand', 'PutCommand', 'UpdateCommand'),
      readingPointers('PutCommand', 'DeleteCommand'),
      countsDashboard,
    ],
  },
  // Reading assignments (issue 39, item 1): the pointers of each shelf (one query), each application's answers item read alone.
  {
    ...wire('readQueue'),
    grants: [uses('staffIdentity'), staffSession, readingPointers('QueryCommand', 'DeleteCommand'), uses('answersTable', 'GetCommand'), auditOffice],
  },
  // A checkout: the answers item read, then its conditional update; the reader's checkout pointer.
  {
    ...wire('checkoutApplication'),
    grants: [uses('staffIdentity'), staffSession, uses('answersTable', 'GetCommand', 'UpdateCommand'), readingPointers('PutCommand'), auditApplication],
  },
  {
    ...wire('releaseCheckout'),
    grants: [uses('staffIdentity'), staffSession, uses('answersTable', 'GetCommand', 'UpdateCommand'), readingPointers('DeleteCommand'), auditApplication],
  },
  // The committee's shelf (one query), each application's answers item and its reviews (a query each).
  {
    ...wire('readCommittee'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      readingPointers('QueryCommand', 'DeleteCommand'),
      uses('answersTable', 'GetCommand', 'QueryCommand'),
      auditOffice,
    ],
  },
  // An admin's reassignment: each answers item read and its readers replaced, the pointers moved, each recorded.
  {
    ...wire('reassignApplications'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      uses('answersTable', 'GetCommand', 'UpdateCommand'),
      readingPointers('PutCommand', 'DeleteCommand'),
      auditApplication,
    ],
  },
  {
    ...wire('recordDecision'),
    grants: [...applicationWrites('GetCommand', 'PutCommand', 'UpdateCommand'), countsDashboard],
  },
  {
    ...wire('recordDecisions'),
    // Each decision is recorded under its application, the whole batch under the office.
    grants: [...applicationWrites('GetCommand', 'PutCommand', 'UpdateCommand'), auditOffice, countsDashboard],
  },
  // Releases and the applicant's decision (docs/decision-release.md). A release (status table) writes each
  // application's decision record and office status (answers and audit tables), mails the applicant,
  // publishes the event and asks the renderer for the letter's PDF; a scheduled one is an EventBridge Scheduler schedule.
  {
    ...wire('scheduleRelease'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      within(releaseKeys, uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand', 'DeleteCommand')),
      // The decision's e-mail is claimed in each applicant's partition (adapters/store/mail-store.ts), so it is sent once.
      applicantStatus('UpdateCommand', 'DeleteCommand'),
      uses('answersTable', 'GetCommand', 'PutCommand', 'UpdateCommand'),
      countsDashboard,
      uses('submissionsIndex', 'QueryCommand'),
      auditOffice,
      writesHistory,
      uses('mail', 'SendEmailCommand'),
      uses('events', 'InvokeCommand'),
      uses('renderFunction', 'InvokeCommand'),
      uses('releaseSchedule', 'CreateScheduleCommand'),
      // The release's e-mail in the office's words, not to an address the suppression list stops (bounced, complained).
      officeWords,
      within([K.suppressions], uses('statusTable', 'GetCommand')),
    ],
  },
  {
    ...wire('listReleases'),
    // The submissions index counts the applications decided now.
    grants: [
      uses('staffIdentity'),
      uses('submissionsIndex', 'QueryCommand'),
      staffSession,
      within(releaseKeys, uses('statusTable', 'GetCommand', 'QueryCommand')),
      auditOffice,
    ],
  },
  {
    ...wire('cancelRelease'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      within(releaseKeys, uses('statusTable', 'GetCommand', 'UpdateCommand', 'DeleteCommand')),
      auditOffice,
      uses('releaseSchedule', 'DeleteScheduleCommand'),
    ],
  },
  // The applicant's own decision record (answers table) and submitted answers, for the letter.
  { ...wire('readDecision'), grants: [applicantSession, uses('answersTable', 'GetCommand'), officeWords] },
  {
    ...wire('replyToDecision'),
    // The reply's confirmation e-mail (not to an address the suppression list stops), and the answered letter's print.
    grants: [
      applicantSession,
      uses('answersTable', 'GetCommand', 'PutCommand', 'UpdateCommand'),
      countsDashboard,
      uses('events', 'InvokeCommand'),
      uses('mail', 'SendEmailCommand'),
      uses('renderFunction', 'InvokeCommand'),
      officeWords,
      within([K.suppressions], uses('statusTable', 'GetCommand')),
    ],
  },
  // The letter's PDF is printed by the renderer at release; a download that finds it missing asks again.
  {
    ...wire('downloadDecisionLetter'),
    ...link,
    grants: [
      applicantSession,
      uses('answersTable', 'GetCommand'),
      uses('documentsBucket', 'HeadObjectCommand', 'GetObjectCommand'),
      uses('renderFunction', 'InvokeCommand'),
    ],
  },
  // The applicant's data rights (docs/data-rights.md): a copy, closing the account, the office's erasure.
  // The copy reads what the status page reads (the decision record, the recommenders), and the
  // PDFs, into a ZIP streamed to the exports bucket.
  {
    ...wire('exportMyData'),
    ...link,
    grants: [
      applicantSession,
      uses('answersTable', 'QueryCommand', 'GetCommand'),
      // The copy's own counter, and the recommendations' records (the applicant's status is in their partition).
      within([K.rate(DATA_EXPORT_SCOPE)], uses('statusTable', 'UpdateCommand')),
      recommendationRecords('QueryCommand'),
      // The messages the office's mailings sent it (messages-store.ts).
      applicantMessagesRead,
      uses('documentsBucket', 'GetObjectCommand'),
      exportObjects,
      // The decision's letter and next steps in the office's words.
      officeWords,
    ],
  },
  // The deletion reads the applicant's partitions and deletes them item by item (its marker is a Put), lists and deletes their objects; the identity goes by the retention function, which the route invokes (as the office's erasure does).
  {
    ...wire('closeAccount'),
    grants: [
      uses('identity', 'AdminGetUserCommand', 'InitiateAuthCommand', 'RevokeTokenCommand'),
      uses('retentionFunction', 'InvokeCommand'),
      ...erasure,
      uses('answersTable', 'GetCommand', 'QueryCommand', 'UpdateCommand', 'DeleteCommand'),
      countsDashboard,
    ],
  },
  // The office's erasure: the same deletion, audited first; the applicant's identity is deleted by the office (AdminDeleteUser on the applicant pool, this route alone).
  {
    ...wire('eraseApplication'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      uses('retentionFunction', 'InvokeCommand'),
      ...erasure,
      uses('answersTable', 'GetCommand', 'QueryCommand', 'UpdateCommand', 'DeleteCommand'),
      countsDashboard,
      auditApplication,
      uses('events', 'InvokeCommand'),
    ],
  },
  // Any role's mark on a checklist item: the application read whole (one query), its marks written on its answers item (a conditional update), audited first, the history entry after.
  { ...wire('markMaterial'), grants: [...applicationWrites('GetCommand', 'QueryCommand', 'UpdateCommand'), countsDashboard] },
  // Possible duplicates (domain/duplicates/): the two submissions read, the flags queried and judged on both sides, the list's mark on each answers item.
  {
    ...wire('readDuplicates'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      uses('answersTable', 'GetCommand', 'UpdateCommand'),
      auditApplication,
      within([K.duplicates], uses('statusTable', 'QueryCommand')),
    ],
  },
  {
    ...wire('markDuplicate'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      uses('answersTable', 'GetCommand', 'UpdateCommand'),
      auditApplication,
      within([K.duplicates], uses('statusTable', 'QueryCommand', 'UpdateCommand')),
    ],
  },
  /**
   * Applications in progress (any role): a page of the sparse index, then per application its
   * answers item and its account's status item (the sign-in address); the list audited first. The
   * CSV writes every page to the exports bucket and answers a link to it.
   */
  {
    ...wire('listInProgress'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      uses('inProgressIndex', 'QueryCommand'),
      within(applicantKeys, uses('answersTable', 'GetCommand')),
      within([K.applicant], uses('statusTable', 'GetCommand')),
      auditOffice,
    ],
  },
  // Messages to applicants (domain/messages/): the mailings in the status table's `mailings` partition, each one's send ledger, each application's messages.
  // A draft: its recipients found as their list finds them (the submissions index, or the in-progress index and each draft's items), then put.
  {
    ...wire('createMailing'),
    grants: [uses('staffIdentity'), staffSession, auditOffice, ...recipientReads, within([K.mailings], uses('statusTable', 'PutCommand'))],
  },
  { ...wire('listMailings'), grants: [uses('staffIdentity'), staffSession, auditOffice, mailingsRead] },
  { ...wire('readMailing'), grants: [uses('staffIdentity'), staffSession, auditOffice, mailingsRead] },
  // Three recipients found and their messages written (a submitted one's missing materials from its record); nothing sent.
  {
    ...wire('previewMailing'),
    grants: [uses('staffIdentity'), staffSession, auditOffice, mailingsRead, ...recipientReads, uses('answersTable', 'QueryCommand')],
  },
  // The same message, to the staff member's own address.
  {
    ...wire('testMailing'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      auditOffice,
      mailingsRead,
      ...recipientReads,
      uses('answersTable', 'QueryCommand'),
      uses('mail', 'SendEmailCommand'),
    ],
  },
  // The pre-send checks (the recipients counted), the office's daily count, the mailing moved on by a conditional update, its start queued.
  {
    ...wire('sendMailing'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      auditOffice,
      within([K.mailings], uses('statusTable', 'GetCommand', 'UpdateCommand')),
      ...recipientReads,
      within([K.rate(MAILINGS_RATE_SCOPE)], uses('statusTable', 'UpdateCommand')),
      uses('mailingQueue', 'SendMessageBatchCommand'),
    ],
  },
  { ...wire('readApplicationMessages'), grants: [uses('staffIdentity'), staffSession, auditApplication, applicantMessagesRead] },
  // Suppression (domain/messages/suppression.ts): the list in the status table's `suppressions` partition, the links' tokens by their hash.
  { ...wire('listSuppressions'), grants: [uses('staffIdentity'), staffSession, auditOffice, within([K.suppressions], uses('statusTable', 'QueryCommand'))] },
  {
    ...wire('deleteSuppression'),
    grants: [uses('staffIdentity'), staffSession, auditOffice, within([K.suppressions], uses('statusTable', 'DeleteCommand'))],
  },
  // The link's token is the credential: its item read, its uses (or a client's unknown tokens) counted, the address read and (the POST) put.
  {
    ...wire('readUnsubscribe'),
    grants: [
      within([K.unsubscribeTokens, K.suppressions], uses('statusTable', 'GetCommand')),
      within([K.rate(UNSUBSCRIBE_USES_SCOPE), K.rate(UNSUBSCRIBE_MISSES_SCOPE)], uses('statusTable', 'UpdateCommand')),
    ],
  },
  {
    ...wire('unsubscribe'),
    grants: [
      within([K.unsubscribeTokens, K.suppressions], uses('statusTable', 'GetCommand')),
      within([K.rate(UNSUBSCRIBE_USES_SCOPE), K.rate(UNSUBSCRIBE_MISSES_SCOPE)], uses('statusTable', 'UpdateCommand')),
      within([K.suppressions], uses('statusTable', 'PutCommand')),
    ],
  },
  {
    ...wire('exportInProgressCsv'),
    ...link,
    grants: [
      uses('staffIdentity'),
      staffSession,
      uses('inProgressIndex', 'QueryCommand'),
      within(applicantKeys, uses('answersTable', 'GetCommand')),
      within([K.applicant], uses('statusTable', 'GetCommand')),
      auditOffice,
      exportObjects,
    ],
  },
  /**
   * The office's notes (any role): whether the application is submitted (its answers item, in the
   * applicant's partitions), then the notes' own partition, audited first. A new note checks the
   * account's closure and the erasure's marker after its write (status table), and takes it back
   * if either is there; an edit replaces the note only at the version read.
   */
  {
    ...wire('listNotes'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      within(applicantKeys, uses('answersTable', 'GetCommand')),
      within([K.notes], uses('answersTable', 'QueryCommand')),
      auditApplication,
    ],
  },
  {
    ...wire('postNote'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      within(applicantKeys, uses('answersTable', 'GetCommand')),
      within([K.notes], uses('answersTable', 'PutCommand', 'DeleteCommand')),
      within([K.applicant, K.erasureMarker], uses('statusTable', 'GetCommand')),
      auditApplication,
    ],
  },
  {
    ...wire('editNote'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      within([...applicantKeys, K.notes], uses('answersTable', 'GetCommand')),
      within([K.notes], uses('answersTable', 'PutCommand')),
      auditApplication,
    ],
  },
  // The list's saved filter sets: the office's one partition of them (status table), read whole by a Query.
  { ...wire('listFilterSets'), grants: [uses('staffIdentity'), staffSession, within([K.filterSets], uses('statusTable', 'QueryCommand')), auditOffice] },
  {
    ...wire('saveFilterSet'),
    grants: [uses('staffIdentity'), staffSession, within([K.filterSets], uses('statusTable', 'QueryCommand', 'PutCommand')), auditOffice],
  },
  {
    ...wire('changeFilterSet'),
    grants: [uses('staffIdentity'), staffSession, within([K.filterSets], uses('statusTable', 'GetCommand', 'PutCommand')), auditOffice],
  },
  {
    ...wire('deleteFilterSet'),
    grants: [uses('staffIdentity'), staffSession, within([K.filterSets], uses('statusTable', 'GetCommand', 'DeleteCommand')), auditOffice],
  },
  // The dashboard: one query of the cycle's counters, one of the previous cycle's, one of the week's reviews per reader.
  { ...wire('readDashboard'), grants: [uses('staffIdentity'), staffSession, within([K.dashboard], uses('statusTable', 'BatchGetCommand', 'QueryCommand'))] },
  // An admin's hold: the answers item's attribute (a conditional update), after reading the submission and the erasure's marker (status table).
  {
    ...wire('holdApplication'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      within([K.erasureMarker], uses('statusTable', 'GetCommand')),
      uses('answersTable', 'GetCommand', 'UpdateCommand'),
      auditApplication,
    ],
  },
  // Settings: an admin's reads and edits of the office's words, each version a new item of the settings partition (conditional Put), audited office-wide first.
  { ...wire('readSettings'), grants: [uses('staffIdentity'), staffSession, officeWords] },
  {
    ...wire('saveSetting'),
    grants: [uses('staffIdentity'), staffSession, within([K.settings], uses('statusTable', 'QueryCommand', 'PutCommand')), auditOffice],
  },
  { ...wire('readSettingHistory'), grants: [uses('staffIdentity'), staffSession, officeWords] },
  // The machine clients' screen: their records (one partition), and in AWS each client's app client in the machine pool, made and deleted here.
  {
    ...wire('listSisClients'),
    grants: [uses('staffIdentity'), staffSession, uses('sisIdentity'), within([K.sisClients], uses('statusTable', 'QueryCommand'))],
  },
  {
    ...wire('addSisClient'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      uses('sisIdentity', 'CreateUserPoolClientCommand', 'DeleteUserPoolClientCommand'),
      within([K.sisClients], uses('statusTable', 'QueryCommand', 'PutCommand')),
      auditOffice,
    ],
  },
  {
    ...wire('revokeSisClient'),
    grants: [
      uses('staffIdentity'),
      staffSession,
      uses('sisIdentity', 'DeleteUserPoolClientCommand'),
      within([K.sisClients], uses('statusTable', 'QueryCommand', 'UpdateCommand')),
      auditOffice,
    ],
  },

  // Staff users (an admin's): the staff pool's admin calls each use-case makes (staff-roles-cognito.ts), the last
  // sign-ins and the admin-change lock (the status table's staff-users partition), each change audited office-wide first.
  {
    ...wire('listStaffUsers'),
    grants: [
      uses('staffIdentity', 'ListUsersCommand', 'AdminGetUserCommand', 'AdminListGroupsForUserCommand'),
      staffSession,
      within([K.staffUsers], uses('statusTable', 'QueryCommand')),
      auditOffice,
    ],
  },
  {
    ...wire('inviteStaffUser'),
    grants: [
      uses(
        'staffIdentity',
        'AdminGetUserCommand',
        'AdminListGroupsForUserCommand',
        'AdminCreateUserCommand',
        'AdminAddUserToGroupCommand',
        'AdminDeleteUserCommand',
      ),
      staffSession,
      auditOffice,
    ],
  },
  {
    ...wire('changeStaffUserRole'),
    grants: [
      uses(
        'staffIdentity',
        'AdminGetUserCommand',
        'AdminListGroupsForUserCommand',
        'ListUsersInGroupCommand',
        'AdminAddUserToGroupCommand',
        'AdminRemoveUserFromGroupCommand',
      ),
      staffSession,
      within([K.staffUsers], uses('statusTable', 'UpdateCommand', 'DeleteCommand')),
      auditOffice,
    ],
  },
  // Deactivating also ends the user's sessions: their own sessions' record (a Put, as a sign-out's).
  {
    ...wire('deactivateStaffUser'),
    grants: [
      uses(
        'staffIdentity',
        'AdminGetUserCommand',
        'AdminListGroupsForUserCommand',
        'ListUsersInGroupCommand',
        'AdminDisableUserCommand',
        'AdminUserGlobalSignOutCommand',
      ),
      within([K.staffSession], uses('statusTable', 'GetCommand', 'UpdateCommand', 'PutCommand')),
      within([K.staffUsers], uses('statusTable', 'UpdateCommand', 'DeleteCommand')),
      auditOffice,
    ],
  },
  {
    ...wire('reactivateStaffUser'),
    grants: [uses('staffIdentity', 'AdminGetUserCommand', 'AdminListGroupsForUserCommand', 'AdminEnableUserCommand'), staffSession, auditOffice],
  },

  // The student information system's API (/sis/v1/): a machine client's token, its record and its counter in the status table.
  // The list: one query of the change index a page (whole items), then what the by-id route reads of each, each read recorded.
  {
    ...wire('sisListApplications'),
    grants: [...machineCall, uses('changesIndex', 'QueryCommand'), ...sisRecordReads],
  },
  {
    ...wire('sisReadApplication'),
    grants: [...machineCall, ...sisRecordReads],
  },
  // The console's download of the application PDF: the application's files (one query), a new signed link, the read recorded.
  { ...wire('sisApplicationPdf'), grants: [...machineCall, ...fileReads, auditApplication] },
  // The console's mark (markMaterial's row), the client's record and counter in place of a staff session.
  {
    ...wire('sisMarkMaterial'),
    grants: [...machineCall, uses('answersTable', 'GetCommand', 'QueryCommand', 'UpdateCommand'), countsDashboard, auditApplication, writesHistory],
  },
  // The console's decision (recordDecision's row), and the client's idempotency keys: claimed, answered or given up.
  {
    ...wire('sisRecordDecision'),
    grants: [
      ...machineCall,
      within([K.sisIdempotency], uses('statusTable', 'GetCommand', 'PutCommand', 'DeleteCommand')),
      uses('answersTable', 'GetCommand', 'PutCommand', 'UpdateCommand'),
      countsDashboard,
      auditApplication,
      writesHistory,
    ],
  },
  // The API's OpenAPI document: public, bundled with its function (no store read, nothing granted).
  { ...wire('sisOpenApi'), grants: [] },
] as const satisfies readonly RouteDef[];

type Row = (typeof routes)[number];
export type RouteName = Row['name'];

/** The row of a named route; a handler module takes its metadata from here and nowhere else. */
export function route<N extends RouteName>(name: N): RouteDef & Extract<Row, { name: N }> {
  const found = (routes as readonly RouteDef[]).find((r) => r.name === name);
  if (!found) throw new Error(`no route named ${name} in lambdas/routes.ts`);
  return found as RouteDef & Extract<Row, { name: N }>;
}
