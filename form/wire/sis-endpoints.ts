/**
 * The wire of the student information system's API (/sis/v1/, docs/sis-api.md): routes a
 * machine calls with a bearer token from the OAuth 2.0 client-credentials grant. Each names the
 * scope its token must hold (form/wire/sis.ts) and what it records in the office's access
 * record, where the client's name is the actor. v1 only grows: a breaking change is /sis/v2/.
 * endpoints.ts joins these with the applicant's and the office's routes for the server.
 */
import type { DecisionRecorded, recordDecisionInput } from './decisions';
import { GET, POST, PUT, endpoint, type NoInput } from './endpoint';
import type { MaterialMarked } from './materials';
import type { DownloadReply } from './responses';
import type { SisApplication, SisApplicationPage, SisOpenApiDocument } from './sis';
import type { sisListInput } from './sis-list';
import type { sisMarkMaterialInput } from './sis-writes';
import { DECISION_AUDIT, MATERIAL_AUDIT } from './staff-endpoints';

export const sisEndpoints = {
  /**
   * The submitted applications changed since `since`, oldest change first, each as the by-id route
   * answers it; `next_cursor` until the last page. Each application is recorded as read.
   */
  sisListApplications: endpoint<typeof sisListInput, SisApplicationPage>()(GET, '/sis/v1/applications', {
    access: 'machine',
    scope: 'applications.read',
    audit: { read: 'Read {application}' },
  }),
  /** A submitted application with its answers, decision and documents; 404 for an unknown or unsubmitted id. */
  sisReadApplication: endpoint<NoInput, SisApplication>()(GET, '/sis/v1/applications/{id}', {
    access: 'machine',
    scope: 'applications.read',
    audit: { read: 'Read {application}' },
  }),
  /** 303 to a link valid 5 minutes to the application PDF (`application-<reference>.pdf`); 404 while there is none. */
  sisApplicationPdf: endpoint<NoInput, DownloadReply>()(GET, '/sis/v1/applications/{id}/pdf', {
    access: 'machine',
    scope: 'applications.read',
    audit: { download: 'Downloaded the {document} of {application}' },
    redirects: true,
  }),
  /** Marks a checklist item received (on a day, today by default) or waived, as the office's console does; the answer is the materials now. */
  sisMarkMaterial: endpoint<typeof sisMarkMaterialInput, MaterialMarked>()(POST, '/sis/v1/applications/{id}/materials', {
    access: 'machine',
    scope: 'materials.write',
    audit: MATERIAL_AUDIT,
  }),
  /**
   * Stages a decision, as a decider does in the console (a released one changes only with a
   * reason), once per `Idempotency-Key`: the same key and body again answer the first answer.
   */
  sisRecordDecision: endpoint<typeof recordDecisionInput, DecisionRecorded>()(PUT, '/sis/v1/applications/{id}/decision', {
    access: 'machine',
    scope: 'decisions.write',
    audit: DECISION_AUDIT,
    idempotencyKey: 'required',
  }),
  /** This API's OpenAPI 3.1 document (docs/sis/openapi.json, generated from this table by `npm run docs:openapi`): public, like the docs. */
  sisOpenApi: endpoint<NoInput, SisOpenApiDocument>()(GET, '/sis/v1/openapi.json', { access: 'public' }),
} as const;
