/**
 * The IAM side of the adapters, declared once beside them: which AWS call of ours needs which
 * IAM action, and which granted resource each adapter module's calls reach. The route table
 * (lambdas/routes.ts) grants each route exactly the actions it names per resource, and
 * test/infra/grants.test.ts holds both ends together: a route's synthesized policy must be what
 * its row declares, and every declared action must be one its bundled adapter code sends to that
 * resource (found by scanning the code for the calls below).
 *
 * Plain data: lib/ reads it through lambdas/routes.ts, so it imports no AWS SDK.
 */

/** Named resources a handler can be granted. lib/ maps each to a table, bucket, pool or function. */
export type Resource =
  | 'answersTable'
  | 'statusTable'
  | 'tabsTable'
  | 'uploadsBucket'
  | 'documentsBucket'
  | 'identity'
  | 'lookupData'
  | 'renderFunction'
  | 'staffIdentity'
  | 'sisIdentity'
  | 'auditTable'
  | 'events'
  | 'exportsBucket'
  | 'submissionsIndex'
  | 'changesIndex'
  | 'nameIndex'
  | 'scoreIndex'
  | 'inProgressIndex'
  | 'auditTrailIndex'
  | 'confirmationFunction'
  | 'retentionFunction'
  | 'mail'
  | 'releaseSchedule'
  | 'mailingQueue';

/**
 * The IAM actions each SDK call needs. A read of a missing object answers 403 instead of 404
 * without ListBucket (on the bucket), so the object reads carry it. A presigned POST or GET is
 * signed with the function's role: the browser's request is allowed by the role's PutObject or
 * GetObject. Cognito's client APIs (SignUp, InitiateAuth, RevokeToken, …) are authorised by
 * client id or token, not IAM: they need no action.
 */
export const SDK_CALL_ACTIONS = {
  GetCommand: ['dynamodb:GetItem'],
  // Only with a grant limited to some partitions (IAM's LeadingKeys holds for every key of the batch): the dashboard's counter items.
  BatchGetCommand: ['dynamodb:BatchGetItem'],
  QueryCommand: ['dynamodb:Query'],
  PutCommand: ['dynamodb:PutItem'],
  UpdateCommand: ['dynamodb:UpdateItem'],
  DeleteCommand: ['dynamodb:DeleteItem'],
  // The retention sweep's one daily pass over the status table (never a route: grants.test.ts).
  ScanCommand: ['dynamodb:Scan'],
  GetObjectCommand: ['s3:GetObject', 's3:ListBucket'],
  HeadObjectCommand: ['s3:GetObject', 's3:ListBucket'],
  PutObjectCommand: ['s3:PutObject'],
  DeleteObjectCommand: ['s3:DeleteObject'],
  // Listing a prefix is allowed on the bucket, not its objects.
  ListObjectsV2Command: ['s3:ListBucket'],
  createPresignedPost: ['s3:PutObject'],
  CreateMultipartUploadCommand: ['s3:PutObject'],
  UploadPartCommand: ['s3:PutObject'],
  CompleteMultipartUploadCommand: ['s3:PutObject'],
  AbortMultipartUploadCommand: ['s3:AbortMultipartUpload'],
  InvokeCommand: ['lambda:InvokeFunction'],
  SearchPlaceIndexForSuggestionsCommand: ['geo:SearchPlaceIndexForSuggestions'],
  GetPlaceCommand: ['geo:GetPlace'],
  SendEmailCommand: ['ses:SendEmail'],
  // A mailing's start and its deliveries, ten to a request (adapters/mailing-queue.ts).
  SendMessageBatchCommand: ['sqs:SendMessage'],
  PutEventsCommand: ['events:PutEvents'],
  // A schedule is created with the role it invokes its target with: passing that role is part of the call.
  CreateScheduleCommand: ['scheduler:CreateSchedule', 'iam:PassRole'],
  DeleteScheduleCommand: ['scheduler:DeleteSchedule'],
  AdminCreateUserCommand: ['cognito-idp:AdminCreateUser'],
  // A staff member's role group and state: the `npm run staff` command and the console's staff-user routes (an admin's) change them.
  AdminListGroupsForUserCommand: ['cognito-idp:AdminListGroupsForUser'],
  AdminAddUserToGroupCommand: ['cognito-idp:AdminAddUserToGroup'],
  AdminRemoveUserFromGroupCommand: ['cognito-idp:AdminRemoveUserFromGroup'],
  // The applicants' accounts, listed by the retention sweep (lib/retention.ts); the staff users, by the console's list.
  ListUsersCommand: ['cognito-idp:ListUsers'],
  ListUsersInGroupCommand: ['cognito-idp:ListUsersInGroup'],
  AdminDisableUserCommand: ['cognito-idp:AdminDisableUser'],
  AdminEnableUserCommand: ['cognito-idp:AdminEnableUser'],
  SignUpCommand: [],
  ConfirmSignUpCommand: [],
  ResendConfirmationCodeCommand: [],
  InitiateAuthCommand: [],
  RespondToAuthChallengeCommand: [],
  AssociateSoftwareTokenCommand: [],
  VerifySoftwareTokenCommand: [],
  ForgotPasswordCommand: [],
  ConfirmForgotPasswordCommand: [],
  // A staff member's own token (staff tokens keep the user-admin scope) signs them out everywhere.
  GlobalSignOutCommand: [],
  // Ends one sign-in session (its refresh token), authorised by the client id and the token.
  RevokeTokenCommand: [],
  // Applicant tokens carry no user-admin scope, so what concerns a signed-in applicant at Cognito
  // is the route's own call by their `sub`: their address (submit, invitations, the password
  // re-check of closing an account) and signing them out everywhere.
  AdminGetUserCommand: ['cognito-idp:AdminGetUser'],
  AdminUserGlobalSignOutCommand: ['cognito-idp:AdminUserGlobalSignOut'],
  // An applicant who is not signed in is deleted by the retention sweep's Lambda alone (lib/retention.ts);
  // the office's erasure hands it the identity (adapters/retention/identity-erasure.ts).
  AdminDeleteUserCommand: ['cognito-idp:AdminDeleteUser'],
  // The machine pool's app clients, one per student-information-system client: the console's screen of them (an admin's routes) makes and deletes them.
  CreateUserPoolClientCommand: ['cognito-idp:CreateUserPoolClient'],
  DeleteUserPoolClientCommand: ['cognito-idp:DeleteUserPoolClient'],
} as const satisfies Record<string, readonly string[]>;

/** An AWS SDK call our adapters make (the command class, or the presigning function). */
export type SdkCall = keyof typeof SDK_CALL_ACTIONS;

/**
 * The resources each adapter module (path under lambdas/adapters/) sends its calls to. The
 * object store takes its bucket as an argument, so its calls may reach each bucket; the
 * submissions index reads the answers table's items and queries its sparse index.
 */
export const ADAPTER_RESOURCES: Record<string, readonly Resource[]> = {
  'store/answers-store.ts': ['answersTable'],
  'store/snapshot-store.ts': ['answersTable'],
  // The staff list reads one of four indexes, by its sort.
  'store/submissions-index.ts': ['answersTable', 'submissionsIndex', 'changesIndex', 'nameIndex', 'scoreIndex'],
  'store/changes-index.ts': ['changesIndex'],
  'store/in-progress-index.ts': ['answersTable', 'statusTable', 'inProgressIndex'],
  'store/change-stamp.ts': ['answersTable'],
  'store/status-store.ts': ['statusTable'],
  'store/applications-store.ts': ['statusTable'],
  'store/session-activity-store.ts': ['statusTable'],
  'store/upload-quota-store.ts': ['statusTable'],
  'store/tokens-store.ts': ['statusTable'],
  'store/mail-store.ts': ['statusTable'],
  'store/temporary-links-store.ts': ['statusTable'],
  'store/sis-clients-store.ts': ['statusTable'],
  'store/sis-client-use.ts': ['statusTable'],
  'store/idempotency-store.ts': ['statusTable'],
  'store/tabs-store.ts': ['tabsTable'],
  'store/audit-store.ts': ['auditTable', 'auditTrailIndex'],
  'store/recommendations-store.ts': ['statusTable', 'answersTable'],
  'store/recommendation-slots.ts': ['answersTable'],
  'store/rate-limits.ts': ['statusTable'],
  'store/erasure-store.ts': ['answersTable', 'statusTable', 'tabsTable'],
  'store/office-status-store.ts': ['auditTable', 'answersTable'],
  'store/decisions-store.ts': ['answersTable'],
  'store/placement-store.ts': ['answersTable'],
  'store/hold-store.ts': ['answersTable'],
  'store/duplicates-store.ts': ['statusTable'],
  'store/duplicate-mark.ts': ['answersTable'],
  'store/materials-store.ts': ['answersTable'],
  'store/dashboard-counters.ts': ['answersTable'],
  'store/dashboard-cells.ts': ['statusTable'],
  'store/dashboard-started.ts': ['statusTable'],
  'store/dashboard-version.ts': ['statusTable'],
  'store/dashboard-recount.ts': ['answersTable', 'statusTable'],
  'store/sort-keys-backfill.ts': ['answersTable', 'submissionsIndex'],
  'store/dashboard-read.ts': ['statusTable'],
  'store/settings-store.ts': ['statusTable'],
  'store/filter-sets-store.ts': ['statusTable'],
  'store/reviews-store.ts': ['answersTable'],
  'store/reading-store.ts': ['answersTable', 'statusTable'],
  'store/notes-store.ts': ['answersTable'],
  'store/releases-store.ts': ['statusTable'],
  'store/messages-store.ts': ['statusTable'],
  'store/suppression-store.ts': ['statusTable'],
  'store/reminders-store.ts': ['statusTable'],
  'scheduler.ts': ['releaseSchedule'],
  'application-pdf-store.ts': ['answersTable'],
  'document-answers-store.ts': ['answersTable'],
  'upload-grants.ts': ['answersTable'],
  'lookup/snapshot-table.ts': ['lookupData'],
  'lookup/location-provider.ts': ['lookupData'],
  'storage/objects.ts': ['uploadsBucket', 'documentsBucket', 'exportsBucket'],
  'storage/streamed-object.ts': ['uploadsBucket', 'documentsBucket', 'exportsBucket'],
  'storage/signed-objects.ts': ['uploadsBucket', 'documentsBucket', 'exportsBucket'],
  'renderer/request.ts': ['renderFunction'],
  'mail/request.ts': ['confirmationFunction'],
  'mail/ses.ts': ['mail'],
  'mailing-queue.ts': ['mailingQueue'],
  'events.ts': ['events'],
  'identity/cognito.ts': ['identity'],
  'identity/verified-email.ts': ['identity'],
  'identity/deletion.ts': ['identity'],
  'identity/staff-cognito.ts': ['staffIdentity'],
  'identity/sis-cognito.ts': ['sisIdentity'],
  'identity/staff-roles-cognito.ts': ['staffIdentity'],
  'store/staff-users-store.ts': ['statusTable'],
  'retention/activity.ts': ['statusTable'],
  'retention/submitted.ts': ['answersTable'],
  'retention/erasure-guard.ts': ['answersTable', 'statusTable'],
  'retention/cognito-directory.ts': ['identity'],
  'retention/identity-erasure.ts': ['retentionFunction'],
};

/** The indexes a function may be granted: each is only queried; its table's item calls reach the table, not the index. */
export const INDEX_RESOURCES: readonly Resource[] = ['submissionsIndex', 'changesIndex', 'nameIndex', 'scoreIndex', 'inProgressIndex', 'auditTrailIndex'];
export const reaches = (resource: Resource, action: string): boolean => !INDEX_RESOURCES.includes(resource) || action === 'dynamodb:Query';

/** The IAM actions that SDK calls on a resource need, each once, in the order first needed. */
export function actionsFor(resource: Resource, calls: readonly SdkCall[]): string[] {
  return [...new Set(calls.flatMap((c) => SDK_CALL_ACTIONS[c] as readonly string[]).filter((a) => reaches(resource, a)))];
}
