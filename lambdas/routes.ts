/**
 * The one route table. The local server (local/) dispatches by it and the CDK API construct
 * (lib/) creates one Lambda per row from it, with exactly the grants listed here, so what a
 * handler may touch and what it is configured with never drift apart.
 *
 * `entry` is the handler module relative to lambdas/; it exports `handler`.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * public: anyone; applicant: a verified session cookie; service: a service_token in the query;
 * staff: a verified staff session cookie (the staff pool, MFA).
 */
export type Access = 'public' | 'applicant' | 'service' | 'staff';

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
  /** Stable id: used for the Lambda's logical id and in logs. */
  name: string;
  method: HttpMethod;
  /** API Gateway path syntax: `{key}` is a path parameter. */
  path: string;
  entry: string;
  access: Access;
  grants: readonly Grant[];
}

const r = (mode: AccessMode, ...resources: Resource[]): Grant[] => resources.map((resource) => ({ resource, mode }));

/** Every applicant route checks the session-revocation marker in the status table. */
const session: Grant = { resource: 'statusTable', mode: 'read' };

export const routes: readonly RouteDef[] = [
  // Accounts (000 §7, public)
  { name: 'signup', method: 'POST', path: '/public/signup', entry: 'http/public-signup.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'confirm', method: 'POST', path: '/public/confirm', entry: 'http/public-confirm.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'resendConfirm', method: 'POST', path: '/public/resend-confirm', entry: 'http/public-resend-confirm.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'login', method: 'POST', path: '/public/login', entry: 'http/public-login.ts', access: 'public', grants: [...r('readwrite', 'identity', 'statusTable')] },
  { name: 'forgotPassword', method: 'POST', path: '/public/forgot-password', entry: 'http/public-forgot-password.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'resetPassword', method: 'POST', path: '/public/reset-password', entry: 'http/public-reset-password.ts', access: 'public', grants: r('readwrite', 'identity') },
  { name: 'publicTmp', method: 'GET', path: '/public/tmp', entry: 'http/public-tmp.ts', access: 'public', grants: r('read', 'statusTable', 'answersTable') },

  // Service view (PDF rendering)
  { name: 'serviceTmpPdf', method: 'GET', path: '/service/tmp-pdf', entry: 'http/service-tmp-pdf.ts', access: 'service', grants: r('read', 'statusTable', 'answersTable', 'tabsTable') },

  // Applicant data
  { name: 'profile', method: 'GET', path: '/api/profile', entry: 'http/api-profile.ts', access: 'applicant', grants: [session, ...r('read', 'answersTable')] },
  { name: 'logout', method: 'GET', path: '/api/logout', entry: 'http/api-logout.ts', access: 'applicant', grants: [...r('readwrite', 'identity', 'statusTable')] },
  { name: 'saveAnswers', method: 'PUT', path: '/api/answer', entry: 'http/api-answer.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable')] },
  { name: 'lastPage', method: 'PUT', path: '/api/last-page', entry: 'http/api-last-page.ts', access: 'applicant', grants: r('readwrite', 'statusTable') },
  { name: 'webStatus', method: 'POST', path: '/api/web-status', entry: 'http/api-web-status.ts', access: 'applicant', grants: r('readwrite', 'statusTable') },
  { name: 'validations', method: 'POST', path: '/api/validations', entry: 'http/api-validations.ts', access: 'applicant', grants: r('readwrite', 'statusTable') },
  { name: 'submit', method: 'POST', path: '/api/submit', entry: 'http/api-submit.ts', access: 'applicant', grants: [...r('readwrite', 'statusTable', 'answersTable'), ...r('read', 'tabsTable'), ...r('readwrite', 'renderFunction', 'events', 'confirmationFunction')] },
  { name: 'getTabs', method: 'GET', path: '/api/tabs', entry: 'http/api-tabs-get.ts', access: 'applicant', grants: [session, ...r('read', 'tabsTable')] },
  { name: 'putTabs', method: 'PUT', path: '/api/tabs', entry: 'http/api-tabs-put.ts', access: 'applicant', grants: [session, ...r('readwrite', 'tabsTable'), ...r('read', 'answersTable')] },
  { name: 'getAddAnother', method: 'GET', path: '/api/add-another', entry: 'http/api-add-another-get.ts', access: 'applicant', grants: [session, ...r('read', 'tabsTable')] },
  { name: 'putAddAnother', method: 'PUT', path: '/api/add-another', entry: 'http/api-add-another-put.ts', access: 'applicant', grants: [session, ...r('readwrite', 'tabsTable'), ...r('read', 'answersTable')] },

  // Documents and the application PDF (issue 5)
  { name: 'getDocumentAnswers', method: 'GET', path: '/api/document-answer', entry: 'http/api-document-answer-get.ts', access: 'applicant', grants: [session, ...r('read', 'answersTable')] },
  { name: 'deleteDocumentAnswer', method: 'DELETE', path: '/api/document-answer/{key}', entry: 'http/api-document-answer-delete.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable', 'uploadsBucket', 'documentsBucket')] },
  { name: 'presignedUrl', method: 'POST', path: '/api/presigned-url', entry: 'http/api-presigned-url.ts', access: 'applicant', grants: [session, ...r('readwrite', 'uploadsBucket', 'answersTable')] },
  { name: 'startConversion', method: 'POST', path: '/api/pdf/document-answer/{key}', entry: 'http/api-conversion-start.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable'), ...r('read', 'uploadsBucket')] },
  { name: 'conversionStatus', method: 'GET', path: '/api/pdf/document-answer/{key}', entry: 'http/api-conversion-status.ts', access: 'applicant', grants: [session, ...r('read', 'answersTable')] },
  { name: 'deleteConversion', method: 'DELETE', path: '/api/pdf/document-answer/{key}', entry: 'http/api-conversion-delete.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable', 'documentsBucket')] },
  { name: 'applicationPdf', method: 'GET', path: '/api/pdf', entry: 'http/api-pdf.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable', 'renderFunction'), ...r('read', 'documentsBucket')] },

  // Lookups (issue 6)
  { name: 'lookupFind', method: 'GET', path: '/lookup/find', entry: 'http/lookup-find.ts', access: 'public', grants: r('read', 'lookupData') },

  // The admissions office (issue 16): the staff pool's sessions; every staff read is audited first.
  { name: 'staffLogin', method: 'POST', path: '/staff/api/login', entry: 'http/staff/login.ts', access: 'public', grants: r('readwrite', 'staffIdentity') },
  { name: 'staffLogout', method: 'GET', path: '/staff/api/logout', entry: 'http/staff/logout.ts', access: 'public', grants: r('readwrite', 'staffIdentity', 'statusTable') },
  { name: 'staffSession', method: 'GET', path: '/staff/api/session', entry: 'http/staff/session.ts', access: 'staff', grants: [...r('read', 'staffIdentity'), session] },
  { name: 'staffApplications', method: 'GET', path: '/staff/api/applications', entry: 'http/staff/applications.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'submissionsIndex'), session, ...r('append', 'auditTable')] },
  { name: 'staffApplication', method: 'GET', path: '/staff/api/applications/{id}', entry: 'http/staff/application.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'answersTable', 'tabsTable', 'documentsBucket'), session, ...r('append', 'auditTable')] },
  { name: 'staffExportCsv', method: 'GET', path: '/staff/api/export.csv', entry: 'http/staff/export.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'submissionsIndex'), session, ...r('append', 'auditTable'), ...r('readwrite', 'exportsBucket')] },
  { name: 'staffExportJson', method: 'GET', path: '/staff/api/export.json', entry: 'http/staff/export-json.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'submissionsIndex'), session, ...r('append', 'auditTable'), ...r('readwrite', 'exportsBucket')] },
  // Readwrite on the status table: the link's token is stored (hashed) there.
  { name: 'staffTemporaryLinks', method: 'POST', path: '/staff/api/temporary-links', entry: 'http/staff/temporary-links.ts', access: 'staff', grants: [...r('read', 'staffIdentity'), ...r('readwrite', 'statusTable'), ...r('append', 'auditTable')] },
  { name: 'staffAudit', method: 'GET', path: '/staff/api/audit', entry: 'http/staff/audit.ts', access: 'staff', grants: [...r('read', 'staffIdentity', 'auditTable'), session, ...r('append', 'auditTable')] },

  // After submission (issue 17): the status page's checklist and the materials accepted after submitting
  { name: 'checklist', method: 'GET', path: '/api/checklist', entry: 'http/api-checklist.ts', access: 'applicant', grants: [session, ...r('read', 'answersTable', 'tabsTable')] },
  { name: 'supplementPresign', method: 'POST', path: '/api/supplement/presigned-url', entry: 'http/api-supplement-presign.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable', 'uploadsBucket'), ...r('read', 'tabsTable')] },
  { name: 'supplementAttach', method: 'POST', path: '/api/supplement/{key}', entry: 'http/api-supplement-attach.ts', access: 'applicant', grants: [session, ...r('readwrite', 'answersTable'), ...r('read', 'uploadsBucket', 'tabsTable')] },
];

/** Converts `/api/pdf/document-answer/{key}` to a matcher; returns path parameters or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] as string;
    const g = got[i] as string;
    if (w.startsWith('{') && w.endsWith('}')) {
      if (g === '') return null;
      try {
        params[w.slice(1, -1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) {
      return null;
    }
  }
  return params;
}

export interface RouteMatch {
  route: RouteDef;
  pathParameters: Record<string, string>;
}

/** Finds the route for a request; `allowed` lists the methods of a path that exists (for 405). */
export function findRoute(method: string, path: string): { match: RouteMatch | null; allowed: HttpMethod[] } {
  const allowed: HttpMethod[] = [];
  for (const route of routes) {
    const params = matchPath(route.path, path);
    if (!params) continue;
    allowed.push(route.method);
    if (route.method === method) return { match: { route, pathParameters: params }, allowed };
  }
  return { match: null, allowed };
}
