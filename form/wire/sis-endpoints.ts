/**
 * The wire of the student information system's API (/sis/v1/, docs/sis-api.md): routes a
 * machine calls with a bearer token from the OAuth 2.0 client-credentials grant. Each names the
 * scope its token must hold (form/wire/sis.ts) and what it records in the office's access
 * record, where the client's name is the actor. v1 only grows: a breaking change is /sis/v2/.
 * endpoints.ts joins these with the applicant's and the office's routes for the server.
 */
import { GET, endpoint, type NoInput } from './endpoint';
import type { SisApplication } from './sis';

export const sisEndpoints = {
  /** A submitted application with its answers, decision and documents; 404 for an unknown or unsubmitted id. */
  sisReadApplication: endpoint<NoInput, SisApplication>()(GET, '/sis/v1/applications/{id}', {
    access: 'machine',
    scope: 'applications.read',
    audit: { read: 'Read {application}' },
  }),
} as const;
