/**
 * The one route table. The local server (local/) dispatches by it and the CDK API construct
 * (lib/) creates one Lambda per row from it, with exactly the grants listed here, so what a
 * handler may touch and what it is configured with never drift apart. A handler takes the fields
 * of its row the pipeline reads, checked against this table by the compiler
 * (`routeRow('saveAnswers', {...})`, lambdas/route-row.ts), so the table stays out of its Lambda's
 * bundle (about 14 kB; test/infra/lambda-bundles.test.ts). `route('name')` gives a whole row to
 * lib/, local/ and the tests.
 *
 * Each row's name, method and path come from the route's contract in the wire (form/wire), which
 * the web app's client is typed by too.
 *
 * One name per operation: the row's `name` is the handler's and, where there is one, the
 * adapter's; the handler module is named after the spec's path and the method
 * (`PUT /api/answer` → `http/api-answer-put.ts`), so each can be found from the other.
 */

import { actionsFor, type Resource, type SdkCall } from '#adapters/iam-actions';
import type { HttpMethod } from '#form/wire/endpoint';
import { endpoints, type EndpointName } from '#form/wire/endpoints';
import { ADMIN_ONLY, ANY_STAFF_ROLE, DECIDING_ROLES, type StaffRole } from '#form/wire/roles';

export type { HttpMethod };

/**
 * Who may call a route: public, anyone; applicant, a verified session cookie; service, a
 * service_token in the query; staff, a verified staff session cookie (the staff pool, MFA). Each level
 * is one module (lambdas/middleware/access/<level>.ts) whose `httpHandler` the route's handler
 * imports, so a bundle carries only its own level's authentication: a new level is a module there and a name here.
 */
export const ACCESS_LEVELS = ['public', 'applicant', 'service', 'staff'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

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
  auditTable: ['AUDIT_TABLE'],
  // Route and event Lambdas publish through the publisher Lambda (async: retries, DLQ).
  events: ['EVENTS_FUNCTION_NAME'],
  exportsBucket: ['EXPORTS_BUCKET'],
  // The sparse index of submissions lives in the answers table.
  submissionsIndex: ['ANSWERS_TABLE'],
  confirmationFunction: ['CONFIRMATION_FUNCTION_NAME'],
  // The retention sweep's function, the only one that may delete identities: the office's erasure hands it one.
  retentionFunction: ['RETENTION_FUNCTION_NAME'],
  // The SES sender identity a route sends from (a temporary link to its recipient, recommendations).
  mail: ['MAIL_FROM_ADDRESS'],
  // Scheduled releases: the schedule group, the release Lambda they invoke and the role they invoke it with.
  releaseSchedule: ['RELEASE_SCHEDULE_GROUP', 'RELEASE_FUNCTION_ARN', 'RELEASE_SCHEDULER_ROLE_ARN'],
};

/** The sparse index of submitted applications, for CDK (declared with the port that queries it). */
export { SUBMISSIONS_INDEX, SUBMISSIONS_INDEX_KEYS } from '#domain/ports/submissions';

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
 * A staff route names the roles it allows (form/wire/roles.ts); the staff access middleware
 * refuses every other role with a 403 before the handler runs, so nothing is written or audited.
 * Required on every staff row (a row without it does not type-check), absent on every other.
 */
export type RouteDef = RouteFields & ({ access: 'staff'; roles: readonly StaffRole[] } | { access: Exclude<Access, 'staff'>; roles?: never });

/** A row's name, method and path: its contract's (form/wire/endpoints.ts), declared there once. */
function wire<N extends EndpointName>(name: N): { name: N; method: (typeof endpoints)[N]['method']; path: (typeof endpoints)[N]['path'] } {
  const { method, path } = endpoints[name];
  return { name, method, path };
}

/** The calls a route makes on one resource (test/infra/grants.test.ts finds each in its code). */
const uses = (resource: Resource, ...calls: SdkCall[]): Grant => ({ resource, calls, actions: actionsFor(resource, calls) });

/**
 * Every route behind a session reads its revocation marker and keeps its last-activity mark in
 * the status table (the idle timeout: a read and a write at most once a minute, session-activity.ts).
 */
const session: Grant = uses('statusTable', 'GetCommand', 'UpdateCommand');
const locked = { lockedAfterSubmit: true } as const;
const link = { openedByLink: true } as const;
/**
 * An export's reads per application: what the status page's checklist reads (its record, its tab
 * choices), and the decision record (a decider's or an admin's export).
 */
const exportReads: readonly Grant[] = [uses('answersTable', 'QueryCommand', 'GetCommand'), uses('tabsTable', 'QueryCommand')];
/** A download route's reads: the application's files (one query) and a new signed link to one of them. */
const fileReads: readonly Grant[] = [uses('answersTable', 'GetCommand', 'QueryCommand'), uses('documentsBucket', 'GetObjectCommand')];
/** The session's activity mark and the recommendations, both in the status table (the staff detail and the exports read both). */
const recommendationsAndSession: Grant = uses('statusTable', 'GetCommand', 'UpdateCommand', 'QueryCommand');
/** The streamed export (a multipart upload, aborted on failure) and its presigned download. */
/**
 * A staff write on an application (a review, a decision): the submission and its items in the
 * answers table (reviews, the decision record, the copies the list shows), the audit record
 * written first and the office-status history kept beside it in the audit table.
 */
const applicationWrites = (...answersCalls: SdkCall[]): readonly Grant[] => [
  uses('staffIdentity'),
  session,
  uses('answersTable', ...answersCalls),
  uses('auditTable', 'PutCommand', 'QueryCommand'),
];
const exportObjects: Grant = uses(
  'exportsBucket',
  'CreateMultipartUploadCommand',
  'UploadPartCommand',
  'CompleteMultipartUploadCommand',
  'AbortMultipartUploadCommand',
  'GetObjectCommand',
);

/** What deleting an applicant touches besides the answers table: the session and marker in the status table, the tabs, their objects. */
const erasure: readonly Grant[] = [
  uses('statusTable', 'GetCommand', 'UpdateCommand', 'QueryCommand', 'PutCommand', 'DeleteCommand'),
  uses('tabsTable', 'QueryCommand', 'DeleteCommand'),
  ...(['uploadsBucket', 'documentsBucket', 'exportsBucket'] as const).map((bucket) => uses(bucket, 'ListObjectsV2Command', 'DeleteObjectCommand')),
];

export const routes = [
  // Accounts (public)
  { ...wire('signUp'), entry: 'http/public-signup-post.ts', access: 'public', grants: [uses('identity', 'SignUpCommand')] },
  { ...wire('confirmSignUp'), entry: 'http/public-confirm-post.ts', access: 'public', grants: [uses('identity', 'ConfirmSignUpCommand')] },
  { ...wire('resendConfirmation'), entry: 'http/public-resend-confirm-post.ts', access: 'public', grants: [uses('identity', 'ResendConfirmationCodeCommand')] },
  {
    ...wire('logIn'),
    entry: 'http/public-login-post.ts',
    access: 'public',
    grants: [uses('identity', 'InitiateAuthCommand'), uses('statusTable', 'UpdateCommand')],
  },
  { ...wire('forgotPassword'), entry: 'http/public-forgot-password-post.ts', access: 'public', grants: [uses('identity', 'ForgotPasswordCommand')] },
  // Renews the session's tokens with its refresh token; the browser calls it on a 401 and retries once.
  {
    ...wire('refreshSession'),
    entry: 'http/public-refresh-post.ts',
    access: 'public',
    grants: [uses('identity', 'InitiateAuthCommand', 'RevokeTokenCommand'), session],
  },
  { ...wire('resetPassword'), entry: 'http/public-reset-password-post.ts', access: 'public', grants: [uses('identity', 'ConfirmForgotPasswordCommand')] },
  { ...wire('readTemporaryAnswers'), entry: 'http/public-tmp-get.ts', access: 'public', grants: [uses('statusTable', 'GetCommand', 'UpdateCommand')] },

  // Service view (PDF rendering)
  {
    ...wire('readServiceView'),
    entry: 'http/service-tmp-pdf-get.ts',
    access: 'service',
    grants: [uses('statusTable', 'GetCommand'), uses('answersTable', 'QueryCommand'), uses('tabsTable', 'QueryCommand')],
  },

  // Applicant data
  { ...wire('readProfile'), entry: 'http/api-profile-get.ts', access: 'applicant', grants: [session, uses('answersTable', 'QueryCommand')] },
  {
    ...wire('logOut'),
    entry: 'http/api-logout-get.ts',
    access: 'applicant',
    grants: [uses('identity', 'AdminUserGlobalSignOutCommand'), uses('statusTable', 'GetCommand', 'UpdateCommand', 'PutCommand')],
  },
  {
    ...wire('saveAnswers'),
    entry: 'http/api-answer-put.ts',
    access: 'applicant',
    lockedAfterSubmit: 'by-its-write',
    grants: [session, uses('answersTable', 'GetCommand', 'UpdateCommand')],
  },
  { ...wire('saveLastPage'), entry: 'http/api-last-page-put.ts', access: 'applicant', grants: [uses('statusTable', 'GetCommand', 'UpdateCommand')] },
  { ...wire('advanceWebStatus'), entry: 'http/api-web-status-post.ts', access: 'applicant', grants: [uses('statusTable', 'GetCommand', 'UpdateCommand')] },
  {
    ...wire('saveValidations'),
    entry: 'http/api-validations-post.ts',
    access: 'applicant',
    grants: [uses('statusTable', 'GetCommand', 'UpdateCommand', 'PutCommand')],
  },
  // The applicant's e-mail for the office comes from the identity provider (AdminGetUser by the session's sub).
  {
    ...wire('submitApplication'),
    entry: 'http/api-submit-post.ts',
    access: 'applicant',
    grants: [
      uses('identity', 'AdminGetUserCommand'),
      uses('statusTable', 'GetCommand', 'UpdateCommand'),
      uses('answersTable', 'GetCommand', 'PutCommand', 'UpdateCommand', 'DeleteCommand'),
      uses('tabsTable', 'QueryCommand', 'UpdateCommand'),
      uses('renderFunction', 'InvokeCommand'),
      uses('events', 'InvokeCommand'),
      uses('confirmationFunction', 'InvokeCommand'),
    ],
  },
  { ...wire('readTabs'), entry: 'http/api-tabs-get.ts', access: 'applicant', grants: [session, uses('tabsTable', 'QueryCommand')] },
  {
    ...wire('saveTab'),
    entry: 'http/api-tabs-put.ts',
    access: 'applicant',
    ...locked,
    grants: [session, uses('tabsTable', 'UpdateCommand'), uses('answersTable', 'GetCommand')],
  },
  { ...wire('readAddAnother'), entry: 'http/api-add-another-get.ts', access: 'applicant', grants: [session, uses('tabsTable', 'QueryCommand')] },
  {
    ...wire('saveAddAnother'),
    entry: 'http/api-add-another-put.ts',
    access: 'applicant',
    ...locked,
    grants: [session, uses('tabsTable', 'UpdateCommand'), uses('answersTable', 'GetCommand')],
  },

  // Documents and the application PDF
  { ...wire('readDocumentAnswers'), entry: 'http/api-document-answer-get.ts', access: 'applicant', grants: [session, uses('answersTable', 'QueryCommand')] },
  {
    ...wire('deleteDocument'),
    entry: 'http/api-document-answer-key-delete.ts',
    access: 'applicant',
    ...locked,
    grants: [
      session,
      uses('answersTable', 'GetCommand', 'DeleteCommand'),
      uses('uploadsBucket', 'DeleteObjectCommand'),
      uses('documentsBucket', 'DeleteObjectCommand'),
    ],
  },
  {
    ...wire('grantUpload'),
    entry: 'http/api-presigned-url-post.ts',
    access: 'applicant',
    ...locked,
    grants: [session, uses('uploadsBucket', 'createPresignedPost'), uses('answersTable', 'GetCommand', 'UpdateCommand')],
  },
  {
    ...wire('attachUpload'),
    entry: 'http/api-pdf-document-answer-key-post.ts',
    access: 'applicant',
    ...locked,
    grants: [session, uses('answersTable', 'GetCommand', 'UpdateCommand'), uses('uploadsBucket', 'HeadObjectCommand')],
  },
  {
    ...wire('readConversionStatus'),
    entry: 'http/api-pdf-document-answer-key-get.ts',
    access: 'applicant',
    grants: [session, uses('answersTable', 'GetCommand')],
  },
  {
    ...wire('deleteConversion'),
    entry: 'http/api-pdf-document-answer-key-delete.ts',
    access: 'applicant',
    ...locked,
    grants: [session, uses('answersTable', 'GetCommand', 'UpdateCommand'), uses('documentsBucket', 'DeleteObjectCommand')],
  },
  {
    ...wire('readApplicationPdf'),
    entry: 'http/api-pdf-get.ts',
    access: 'applicant',
    grants: [
      session,
      uses('answersTable', 'GetCommand', 'QueryCommand', 'UpdateCommand'),
      uses('renderFunction', 'InvokeCommand'),
      uses('documentsBucket', 'GetObjectCommand'),
    ],
  },
  // The page's download link: a new short-lived link on every click (the PDF itself is asked for by GET /api/pdf).
  {
    ...wire('downloadApplicationPdf'),
    entry: 'http/api-pdf-download-get.ts',
    access: 'applicant',
    ...link,
    grants: [session, uses('answersTable', 'QueryCommand'), uses('documentsBucket', 'GetObjectCommand')],
  },

  // Lookups
  {
    ...wire('findLookup'),
    entry: 'http/lookup-find-get.ts',
    access: 'public',
    grants: [uses('lookupData', 'GetCommand', 'QueryCommand', 'SearchPlaceIndexForSuggestionsCommand', 'GetPlaceCommand')],
  },

  // The admissions office: the staff pool's sessions; every staff read is audited first.
  {
    ...wire('staffLogIn'),
    entry: 'http/staff-api-login-post.ts',
    access: 'public',
    grants: [
      uses('staffIdentity', 'InitiateAuthCommand', 'RespondToAuthChallengeCommand', 'AssociateSoftwareTokenCommand', 'VerifySoftwareTokenCommand'),
      uses('auditTable', 'PutCommand'),
    ],
  },
  {
    ...wire('staffLogOut'),
    entry: 'http/staff-api-logout-get.ts',
    access: 'public',
    grants: [
      uses('staffIdentity', 'GlobalSignOutCommand', 'RevokeTokenCommand'),
      uses('statusTable', 'GetCommand', 'UpdateCommand', 'PutCommand'),
      uses('auditTable', 'PutCommand'),
    ],
  },
  {
    ...wire('refreshStaffSession'),
    entry: 'http/staff-api-refresh-post.ts',
    access: 'public',
    grants: [uses('staffIdentity', 'InitiateAuthCommand', 'RevokeTokenCommand'), session],
  },
  { ...wire('readStaffSession'), entry: 'http/staff-api-session-get.ts', access: 'staff', roles: ANY_STAFF_ROLE, grants: [uses('staffIdentity'), session] },
  {
    ...wire('listApplications'),
    entry: 'http/staff-api-applications-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    grants: [uses('staffIdentity'), uses('submissionsIndex', 'QueryCommand'), session, uses('auditTable', 'PutCommand')],
  },
  // The status table holds the session's activity mark and the application's recommendations.
  {
    ...wire('readApplication'),
    entry: 'http/staff-api-applications-id-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    grants: [
      uses('staffIdentity'),
      uses('answersTable', 'GetCommand', 'QueryCommand'),
      uses('tabsTable', 'QueryCommand'),
      recommendationsAndSession,
      uses('auditTable', 'PutCommand', 'QueryCommand'),
    ],
  },
  // The console's document and PDF links: each click is recorded, then answered with a new short-lived link.
  {
    ...wire('downloadApplicationDocument'),
    entry: 'http/staff-api-applications-id-documents-key-download-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    ...link,
    grants: [uses('staffIdentity'), ...fileReads, session, uses('auditTable', 'PutCommand')],
  },
  {
    ...wire('downloadStaffApplicationPdf'),
    entry: 'http/staff-api-applications-id-pdf-download-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    ...link,
    grants: [uses('staffIdentity'), ...fileReads, session, uses('auditTable', 'PutCommand')],
  },
  // Each row carries its materials' states: the status page's checklist, read per application (its documents and tab choices).
  {
    ...wire('exportApplicationsCsv'),
    entry: 'http/staff-api-export-csv-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    ...link,
    grants: [
      uses('staffIdentity'),
      uses('submissionsIndex', 'QueryCommand'),
      recommendationsAndSession,
      uses('auditTable', 'PutCommand'),
      exportObjects,
      ...exportReads,
    ],
  },
  {
    ...wire('exportApplicationsJson'),
    entry: 'http/staff-api-export-json-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    ...link,
    grants: [
      uses('staffIdentity'),
      uses('submissionsIndex', 'QueryCommand'),
      recommendationsAndSession,
      uses('auditTable', 'PutCommand'),
      exportObjects,
      ...exportReads,
    ],
  },
  // The link's token is stored (hashed) in the status table, beside the office's ledger of links; a recipient's copy goes out through SES.
  {
    ...wire('issueTemporaryLink'),
    entry: 'http/staff-api-temporary-links-post.ts',
    access: 'staff',
    roles: ADMIN_ONLY,
    grants: [
      uses('staffIdentity'),
      uses('statusTable', 'GetCommand', 'UpdateCommand', 'PutCommand'),
      uses('auditTable', 'PutCommand'),
      uses('mail', 'SendEmailCommand'),
    ],
  },
  {
    ...wire('listTemporaryLinks'),
    entry: 'http/staff-api-temporary-links-get.ts',
    access: 'staff',
    roles: ADMIN_ONLY,
    grants: [uses('staffIdentity'), uses('statusTable', 'GetCommand', 'UpdateCommand', 'QueryCommand'), uses('auditTable', 'PutCommand')],
  },
  // Revoking deletes the link's token item and marks its line in the ledger.
  {
    ...wire('revokeTemporaryLink'),
    entry: 'http/staff-api-temporary-links-id-delete.ts',
    access: 'staff',
    roles: ADMIN_ONLY,
    grants: [uses('staffIdentity'), uses('statusTable', 'GetCommand', 'UpdateCommand', 'DeleteCommand'), uses('auditTable', 'PutCommand')],
  },
  {
    ...wire('readAudit'),
    entry: 'http/staff-api-audit-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    grants: [uses('staffIdentity'), uses('auditTable', 'QueryCommand', 'PutCommand'), session, uses('answersTable', 'GetCommand')],
  },

  // After submission: the status page's checklist and the materials accepted after submitting
  // The letters asked for join the checklist (the recommendations are in the status table).
  {
    ...wire('readChecklist'),
    entry: 'http/api-checklist-get.ts',
    access: 'applicant',
    grants: [recommendationsAndSession, uses('answersTable', 'QueryCommand'), uses('tabsTable', 'QueryCommand')],
  },
  {
    ...wire('grantSupplementUpload'),
    entry: 'http/api-supplement-presigned-url-post.ts',
    access: 'applicant',
    grants: [
      session,
      uses('answersTable', 'QueryCommand', 'GetCommand', 'UpdateCommand'),
      uses('uploadsBucket', 'createPresignedPost'),
      uses('tabsTable', 'QueryCommand'),
    ],
  },
  {
    ...wire('attachSupplement'),
    entry: 'http/api-supplement-key-post.ts',
    access: 'applicant',
    grants: [
      session,
      uses('answersTable', 'QueryCommand', 'GetCommand', 'UpdateCommand'),
      uses('uploadsBucket', 'HeadObjectCommand'),
      uses('tabsTable', 'QueryCommand'),
    ],
  },

  // Recommendations (docs/recommendations.md). Records, links and counters live in the status table.
  // The applicant's side: invitations go on after submission, so none of these is locked.
  {
    ...wire('listRecommendations'),
    entry: 'http/api-recommendations-get.ts',
    access: 'applicant',
    grants: [uses('statusTable', 'GetCommand', 'QueryCommand'), uses('answersTable', 'GetCommand')],
  },
  {
    ...wire('inviteRecommender'),
    entry: 'http/api-recommendations-post.ts',
    access: 'applicant',
    grants: [
      uses('identity', 'AdminGetUserCommand'),
      uses('statusTable', 'GetCommand', 'QueryCommand', 'PutCommand', 'UpdateCommand'),
      uses('answersTable', 'GetCommand'),
      uses('mail', 'SendEmailCommand'),
    ],
  },
  {
    ...wire('remindRecommender'),
    entry: 'http/api-recommendations-id-reminder-post.ts',
    access: 'applicant',
    grants: [uses('statusTable', 'GetCommand', 'PutCommand'), uses('mail', 'SendEmailCommand')],
  },
  {
    ...wire('cancelRecommendation'),
    entry: 'http/api-recommendations-id-delete.ts',
    access: 'applicant',
    grants: [uses('statusTable', 'GetCommand', 'PutCommand')],
  },
  // The recommender's side: the link's token is the credential; each look-up is counted (UpdateCommand).
  {
    ...wire('readRecommendationRequest'),
    entry: 'http/public-recommendation-get.ts',
    access: 'public',
    grants: [uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand')],
  },
  {
    ...wire('grantLetterUpload'),
    entry: 'http/public-recommendation-presigned-url-post.ts',
    access: 'public',
    grants: [uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand'), uses('uploadsBucket', 'createPresignedPost')],
  },
  {
    ...wire('readLetterStatus'),
    entry: 'http/public-recommendation-letter-get.ts',
    access: 'public',
    grants: [uses('statusTable', 'GetCommand', 'UpdateCommand')],
  },
  {
    ...wire('submitRecommendation'),
    entry: 'http/public-recommendation-submit-post.ts',
    access: 'public',
    grants: [
      uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand'),
      uses('answersTable', 'GetCommand'),
      uses('mail', 'SendEmailCommand'),
      uses('events', 'InvokeCommand'),
    ],
  },
  {
    ...wire('declineRecommendation'),
    entry: 'http/public-recommendation-decline-post.ts',
    access: 'public',
    grants: [uses('statusTable', 'GetCommand', 'PutCommand', 'UpdateCommand'), uses('mail', 'SendEmailCommand')],
  },
  // The office: a letter's signed link, an audited read.
  {
    ...wire('downloadRecommendationLetter'),
    entry: 'http/staff-api-applications-id-recommendations-recommendationId-letter-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    grants: [uses('staffIdentity'), session, uses('auditTable', 'PutCommand'), uses('documentsBucket', 'GetObjectCommand')],
  },

  // Reviews and decisions (docs/decisions-lifecycle.md). The rubric is configuration: nothing of an application is read.
  { ...wire('readReviewForm'), entry: 'http/staff-api-review-form-get.ts', access: 'staff', roles: ANY_STAFF_ROLE, grants: [uses('staffIdentity'), session] },
  // One query of the submissions index, oldest first, filtered by status and the reviewers' marker.
  {
    ...wire('nextToRead'),
    entry: 'http/staff-api-queue-next-get.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    grants: [uses('staffIdentity'), session, uses('submissionsIndex', 'QueryCommand'), uses('auditTable', 'PutCommand')],
  },
  {
    ...wire('saveReview'),
    entry: 'http/staff-api-applications-id-reviews-post.ts',
    access: 'staff',
    roles: ANY_STAFF_ROLE,
    grants: applicationWrites('GetCommand', 'QueryCommand', 'PutCommand', 'UpdateCommand'),
  },
  {
    ...wire('recordDecision'),
    entry: 'http/staff-api-applications-id-decision-put.ts',
    access: 'staff',
    roles: DECIDING_ROLES,
    grants: applicationWrites('GetCommand', 'PutCommand', 'UpdateCommand'),
  },
  {
    ...wire('recordDecisions'),
    entry: 'http/staff-api-decisions-post.ts',
    access: 'staff',
    roles: DECIDING_ROLES,
    grants: applicationWrites('GetCommand', 'PutCommand', 'UpdateCommand'),
  },
  // Releases and the applicant's decision (docs/decision-release.md). A release (status table) writes each
  // application's decision record and office status (answers and audit tables), mails the applicant,
  // publishes the event and asks the renderer for the letter's PDF; a scheduled one is an EventBridge Scheduler schedule.
  {
    ...wire('scheduleRelease'),
    entry: 'http/staff-api-releases-post.ts',
    access: 'staff',
    roles: ADMIN_ONLY,
    grants: [
      uses('staffIdentity'),
      uses('statusTable', 'GetCommand', 'UpdateCommand', 'PutCommand', 'DeleteCommand'),
      uses('answersTable', 'GetCommand', 'PutCommand', 'UpdateCommand'),
      uses('submissionsIndex', 'QueryCommand'),
      uses('auditTable', 'PutCommand', 'QueryCommand'),
      uses('mail', 'SendEmailCommand'),
      uses('events', 'InvokeCommand'),
      uses('renderFunction', 'InvokeCommand'),
      uses('releaseSchedule', 'CreateScheduleCommand'),
    ],
  },
  {
    ...wire('listReleases'),
    entry: 'http/staff-api-releases-get.ts',
    access: 'staff',
    roles: ADMIN_ONLY,
    grants: [uses('staffIdentity'), recommendationsAndSession, uses('auditTable', 'PutCommand')],
  },
  {
    ...wire('cancelRelease'),
    entry: 'http/staff-api-releases-id-delete.ts',
    access: 'staff',
    roles: ADMIN_ONLY,
    grants: [
      uses('staffIdentity'),
      uses('statusTable', 'GetCommand', 'UpdateCommand', 'DeleteCommand'),
      uses('auditTable', 'PutCommand'),
      uses('releaseSchedule', 'DeleteScheduleCommand'),
    ],
  },
  // The applicant's own decision record (answers table) and submitted answers, for the letter.
  { ...wire('readDecision'), entry: 'http/api-decision-get.ts', access: 'applicant', grants: [session, uses('answersTable', 'GetCommand')] },
  {
    ...wire('replyToDecision'),
    entry: 'http/api-decision-reply-post.ts',
    access: 'applicant',
    grants: [session, uses('answersTable', 'GetCommand', 'PutCommand', 'UpdateCommand'), uses('events', 'InvokeCommand')],
  },
  // The letter's PDF is printed by the renderer at release; a download that finds it missing asks again.
  {
    ...wire('downloadDecisionLetter'),
    entry: 'http/api-decision-letter-download-get.ts',
    access: 'applicant',
    ...link,
    grants: [
      session,
      uses('answersTable', 'GetCommand'),
      uses('documentsBucket', 'HeadObjectCommand', 'GetObjectCommand'),
      uses('renderFunction', 'InvokeCommand'),
    ],
  },
  // The applicant's data rights (docs/data-rights.md): a copy, closing the account, the office's erasure.
  // The copy reads what the status page reads, and the PDFs, into a ZIP streamed to the exports bucket.
  {
    ...wire('exportMyData'),
    entry: 'http/api-account-export-get.ts',
    access: 'applicant',
    ...link,
    grants: [session, uses('answersTable', 'QueryCommand'), uses('documentsBucket', 'GetObjectCommand'), exportObjects],
  },
  // The deletion reads the applicant's partitions and deletes them item by item (its marker is a Put), lists and deletes their objects; the identity goes by the retention function, which the route invokes (as the office's erasure does).
  {
    ...wire('closeAccount'),
    entry: 'http/api-account-delete.ts',
    access: 'applicant',
    grants: [
      uses('identity', 'AdminGetUserCommand', 'InitiateAuthCommand', 'RevokeTokenCommand'),
      uses('retentionFunction', 'InvokeCommand'),
      ...erasure,
      uses('answersTable', 'GetCommand', 'QueryCommand', 'DeleteCommand'),
    ],
  },
  // The office's erasure: the same deletion, audited first; the applicant's identity is deleted by the office (AdminDeleteUser on the applicant pool, this route alone).
  {
    ...wire('eraseApplication'),
    entry: 'http/staff-api-applications-id-erase-post.ts',
    access: 'staff',
    roles: ADMIN_ONLY,
    grants: [
      uses('staffIdentity'),
      uses('retentionFunction', 'InvokeCommand'),
      ...erasure,
      uses('answersTable', 'GetCommand', 'QueryCommand', 'DeleteCommand'),
      uses('auditTable', 'PutCommand'),
      uses('events', 'InvokeCommand'),
    ],
  },
] as const satisfies readonly RouteDef[];

type Row = (typeof routes)[number];
export type RouteName = Row['name'];

/** The row of a named route; a handler module takes its metadata from here and nowhere else. */
export function route<N extends RouteName>(name: N): RouteDef & Extract<Row, { name: N }> {
  const found = (routes as readonly RouteDef[]).find((r) => r.name === name);
  if (!found) throw new Error(`no route named ${name} in lambdas/routes.ts`);
  return found as RouteDef & Extract<Row, { name: N }>;
}
