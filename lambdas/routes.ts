/**
 * The one route table. The local server (local/) dispatches by it and the CDK API construct
 * (lib/) creates one Lambda per row from it, with exactly the grants listed here, so what a
 * handler may touch and what it is configured with never drift apart. A handler takes its row
 * (`httpHandler(route('saveAnswers'), ...)`) and with it its name, access and lock.
 *
 * One name per operation: the row's `name` is the handler's and, where there is one, the
 * adapter's; the handler module is named after the spec's path and the method
 * (`PUT /api/answer` → `http/api-answer-put.ts`), so each can be found from the other.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call a route: public, anyone; applicant, a verified session cookie; service, a
 * service_token in the query; staff, a verified staff session cookie (the staff pool, MFA). Each level
 * is one module (lambdas/middleware/access/<level>.ts) whose `httpHandler` the route's handler
 * imports, so a bundle carries only its own level's authentication: a new level is a module there and a name here.
 */
export const ACCESS_LEVELS = ['public', 'applicant', 'service', 'staff'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

/** Named resources a handler can be granted. lib/ maps each to a table, bucket or API. */
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
  | 'auditTable'
  | 'events'
  | 'exportsBucket'
  | 'submissionsIndex'
  | 'confirmationFunction';

/** append: new items only (PutItem; no update, delete or read), for the audit trail. */
export type AccessMode = 'read' | 'readwrite' | 'append';

export interface Grant {
  resource: Resource;
  mode: AccessMode;
}

export interface RouteDef {
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
   * the refusal exact for a request racing the submit.
   */
  lockedAfterSubmit?: true;
  grants: readonly Grant[];
}

const r = (mode: AccessMode, ...resources: Resource[]): Grant[] => resources.map((resource) => ({ resource, mode }));

/** Every applicant route checks the session-revocation marker in the status table. */
const session: Grant = { resource: 'statusTable', mode: 'read' };
const locked = { lockedAfterSubmit: true } as const;

export const routes = [
  // Accounts (public)
  { name: 'signUp', method: 'POST', path: '/public/signup', entry: 'http/public-signup-post.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'confirmSignUp', method: 'POST', path: '/public/confirm', entry: 'http/public-confirm-post.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'resendConfirmation', method: 'POST', path: '/public/resend-confirm', entry: 'http/public-resend-confirm-post.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'logIn', method: 'POST', path: '/public/login', entry: 'http/public-login-post.ts', access: 'public', grants: [...r('readwrite', 'identity', 'statusTable')] },
  { name: 'forgotPassword', method: 'POST', path: '/public/forgot-password', entry: 'http/public-forgot-password-post.ts', access: 'public', grants: r('readwrite', 'identity') },
  // Renews the session's tokens with its refresh token; the browser calls it on a 401 and retries once.
  { name: 'refreshSession', method: 'POST', path: '/public/refresh', entry: 'http/public-refresh-post.ts', access: 'public', grants: [...r('readwrite', 'identity'), session] },
  { name: 'resetPassword', method: 'POST', path: '/public/reset-password', entry: 'http/public-reset-password-post.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'readTemporaryAnswers', method: 'GET', path: '/public/tmp', entry: 'http/public-tmp-get.ts', access: 'public', grants: r('read', 'statusTable', 'answersTable') },

  // Service view (PDF rendering)
  { name: 'readServiceView', method: 'GET', path: '/service/tmp-pdf', entry: 'http/service-tmp-pdf-get.ts', access: 'service', grants: r('read', 'statusTable', 'answersTable', 'tabsTable') },

  // Applicant data
  { name: 'readProfile', method: 'GET', path: '/api/profile', entry: 'http/api-profile-get.ts', access: 'applicant', grants: [session, ...r('read', 'answersTable')] },
  { name: 'logOut', method: 'GET', path: '/api/logout', entry: 'http/api-logout-get.ts', access: 'applicant', grants: [...r('readwrite', 'identity', 'statusTable')] },
  { name: 'saveAnswers', method: 'PUT', path: '/api/answer', entry: 'http/api-answer-put.ts', access: 'applicant', ...locked, grants: [session, ...r('readwrite', 'answersTable')] },
  { name: 'saveLastPage', method: 'PUT', path: '/api/last-page', entry: 'http/api-last-page-put.ts', access: 'applicant', grants: r('readwrite', 'statusTable') },
  { name: 'advanceWebStatus', method: 'POST', path: '/api/web-status', entry: 'http/api-web-status-post.ts', access: 'applicant', grants: r('readwrite', 'statusTable') },
  { name: 'saveValidations', method: 'POST', path: '/api/validations', entry: 'http/api-validations-post.ts', access: 'applicant', grants: r('readwrite', 'statusTable') },
  { name: 'submitApplication', method: 'POST', path: '/api/submit', entry: 'http/api-submit-post.ts', access: 'applicant', grants: [...r('readwrite', 'statusTable', 'answersTable', 'tabsTable'), ...r('readwrite', 'renderFunction', 'events', 'confirmationFunction')] },
  { name: 'readTabs', method: 'GET', path: '/api/tabs', entry: 'http/api-tabs-get.ts', access: 'applicant', grants: [session, ...r('read', 'tabsTable')] },
  { name: 'saveTab', method: 'PUT', path: '/api/tabs', entry: 'http/api-tabs-put.ts', access: 'applicant', ...locked, grants: [session, ...r('readwrite', 'tabsTable'), ...r('read', 'answersTable')] },
  { name: 'readAddAnother', method: 'GET', path: '/api/add-another', entry: 'http/api-add-another-get.ts', access: 'applicant', grants: [session, ...r('read', 'tabsTable')] },
  { name: 'saveAddAnother', method: 'PUT', path: '/api/add-another', entry: 'http/api-add-another-put.ts', access: 'applicant', ...locked, grants: [session, ...r('readwrite', 'tabsTable'), ...r('read', 'answersTable')] },

  // Documents and the application PDF
  { name: 'readDocumentAnswers', method: 'GET', path: '/api/document-answer', entry: 'http/api-document-answer-get.ts', access: 'applicant', grants: [session, ...r('read', 'answersTable')] },
  { name: 'deleteDocument', method: 'DELETE', path: '/api/document-answer/{key}', entry: 'http/api-document-answer-key-delete.ts', access: 'applicant', ...locked, grants: [session, ...r('readwrite', 'answersTable', 'uploadsBucket', 'documentsBucket')] },
  { name: 'grantUpload', method: 'POST', path: '/api/presigned-url', entry: 'http/api-presigned-url-post.ts', access: 'applicant', ...locked, grants: [session, ...r('readwrite', 'uploadsBucket', 'answersTable')] },
  { name: 'attachUpload', method: 'POST', path: '/api/pdf/document-answer/{key}', entry: 'http/api-pdf-document-answer-key-post.ts', access: 'applicant', ...locked, grants: [session, ...r('readwrite', 'answersTable'), ...r('read', 'uploadsBucket')] },
  { name: 'readConversionStatus', method: 'GET', path: '/api/pdf/document-answer/{key}', entry: 'http/api-pdf-document-answer-key-get.ts', access: 'applicant', grants: [session, ...r('read', 'answersTable')] },
  { name: 'deleteConversion', method: 'DELETE', path: '/api/pdf/document-answer/{key}', entry: 'http/api-pdf-document-answer-key-delete.ts', access: 'applicant', ...locked, grants: [session, ...r('readwrite', 'answersTable', 'documentsBucket')] },
  { name: 'readApplicationPdf', method: 'GET', path: '/api/pdf', entry: 'http/api-pdf-get.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable', 'renderFunction'), ...r('read', 'documentsBucket')] },

  // Lookups
  { name: 'findLookup', method: 'GET', path: '/lookup/find', entry: 'http/lookup-find-get.ts', access: 'public', grants: r('read', 'lookupData') },

  // The admissions office: the staff pool's sessions; every staff read is audited first.
  { name: 'staffLogIn', method: 'POST', path: '/staff/api/login', entry: 'http/staff-api-login-post.ts', access: 'public', grants: r('readwrite', 'staffIdentity') },
  { name: 'staffLogOut', method: 'GET', path: '/staff/api/logout', entry: 'http/staff-api-logout-get.ts', access: 'public', grants: r('readwrite', 'staffIdentity', 'statusTable') },
  { name: 'refreshStaffSession', method: 'POST', path: '/staff/api/refresh', entry: 'http/staff-api-refresh-post.ts', access: 'public', grants: [...r('readwrite', 'staffIdentity'), session] },
  { name: 'readStaffSession', method: 'GET', path: '/staff/api/session', entry: 'http/staff-api-session-get.ts', access: 'staff', grants: [...r('read', 'staffIdentity'), session] },
  { name: 'listApplications', method: 'GET', path: '/staff/api/applications', entry: 'http/staff-api-applications-get.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'submissionsIndex'), session, ...r('append', 'auditTable')] },
  { name: 'readApplication', method: 'GET', path: '/staff/api/applications/{id}', entry: 'http/staff-api-applications-id-get.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'answersTable', 'tabsTable', 'documentsBucket'), session, ...r('append', 'auditTable')] },
  { name: 'exportApplicationsCsv', method: 'GET', path: '/staff/api/export.csv', entry: 'http/staff-api-export-csv-get.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'submissionsIndex'), session, ...r('append', 'auditTable'), ...r('readwrite', 'exportsBucket')] },
  { name: 'exportApplicationsJson', method: 'GET', path: '/staff/api/export.json', entry: 'http/staff-api-export-json-get.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'submissionsIndex'), session, ...r('append', 'auditTable'), ...r('readwrite', 'exportsBucket')] },
  // Readwrite on the status table: the link's token is stored (hashed) there.
  { name: 'issueTemporaryLink', method: 'POST', path: '/staff/api/temporary-links', entry: 'http/staff-api-temporary-links-post.ts', access: 'staff', grants: [...r('read', 'staffIdentity'), ...r('readwrite', 'statusTable'), ...r('append', 'auditTable')] },
  { name: 'readAudit', method: 'GET', path: '/staff/api/audit', entry: 'http/staff-api-audit-get.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'auditTable'), session, ...r('append', 'auditTable')] },

  // After submission: the status page's checklist and the materials accepted after submitting
  { name: 'readChecklist', method: 'GET', path: '/api/checklist', entry: 'http/api-checklist-get.ts', access: 'applicant', grants: [session, ...r('read', 'answersTable', 'tabsTable')] },
  { name: 'grantSupplementUpload', method: 'POST', path: '/api/supplement/presigned-url', entry: 'http/api-supplement-presigned-url-post.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable', 'uploadsBucket'), ...r('read', 'tabsTable')] },
  { name: 'attachSupplement', method: 'POST', path: '/api/supplement/{key}', entry: 'http/api-supplement-key-post.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable'), ...r('read', 'uploadsBucket', 'tabsTable')] },
] as const satisfies readonly RouteDef[];

type Row = (typeof routes)[number];
export type RouteName = Row['name'];

/** The row of a named route; a handler module takes its metadata from here and nowhere else. */
export function route<N extends RouteName>(name: N): RouteDef & Extract<Row, { name: N }> {
  const found = (routes as readonly RouteDef[]).find((r) => r.name === name);
  if (!found) throw new Error(`no route named ${name} in lambdas/routes.ts`);
  return found as RouteDef & Extract<Row, { name: N }>;
}
