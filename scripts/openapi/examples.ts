/**
 * The OpenAPI document's examples, by route: typed by the route's own wire types (a field renamed
 * in the wire does not compile here) and validated against the generated schemas by
 * test/unit/openapi.test.ts (which also wants one for every route that answers JSON). The
 * messages are the product's words, as its tests see them.
 */
import type { InputOf, ResponseOf } from '#form/wire/endpoint';
import type { SIS_ERROR_CODES, SisApplication, SisError } from '#form/wire/sis';
import type { sisEndpoints } from '#form/wire/sis-endpoints';

type Sis = typeof sisEndpoints;
type BodyOf<E> = NonNullable<InputOf<E>['wire']>['body'];
export interface RouteExamples {
  request?: unknown;
  response?: unknown;
}
/** A route's examples: its request body (where it takes one) and its answer. */
type ExamplesOf<E> = (BodyOf<E> extends undefined ? { request?: undefined } : { request: BodyOf<E> }) & { response: ResponseOf<E> };

const ID = '7c0e3f5a-2b8d-4e61-9a43-0d5b8f2c6e19';
const TRANSCRIPT = { id: 'transcript', label: 'High school transcript' } as const;
const TEST_SCORES = { id: 'test_scores', label: 'Test scores' } as const;
const RECEIVED = { status: 'received', received_at: '2026-11-20', by: 'sis:banner', at: '2026-11-21T10:04:12.000Z' } as const;

/** One submitted application, as the by-id route and each item of the list answer it. */
const APPLICATION: SisApplication = {
  id: ID,
  reference: 'K7QM2XPA',
  cycle: '2027',
  round: 'ea',
  late: false,
  term: 'FA27',
  major: 'BIO',
  submitted_at: '2026-10-30T18:22:05.000Z',
  updated_at: '2026-12-15T12:00:00.000Z',
  office_status: 'released',
  decision: 'admit',
  released_at: '2026-12-15T12:00:00.000Z',
  applicant: { name: 'Ada King', email: 'ada.king@example.org', birth_date: '2008-12-10' },
  answers: {
    first_name: { value: 'Ada', label: 'Ada' },
    last_name: { value: 'King', label: 'King' },
    birth_date: { value: '2008-12-10', label: '2008-12-10' },
    entry_term: { value: 'FA27', label: 'Fall 2027' },
    applied_major: { value: 'BIO', label: 'Biology' },
  },
  documents: [
    {
      kind: 'personal_statement',
      file_name: 'personal-statement.pdf',
      url: `https://documents.s3.amazonaws.com/applications/${ID}/personal-statement.pdf?X-Amz-Expires=300&X-Amz-Signature=…`,
    },
  ],
  pdf: {
    file_name: 'application-K7QM2XPA.pdf',
    url: `https://documents.s3.amazonaws.com/applications/${ID}/application-K7QM2XPA.pdf?X-Amz-Expires=300&X-Amz-Signature=…`,
  },
  materials: {
    items: [
      { ...TRANSCRIPT, state: 'received', mark: RECEIVED },
      { ...TEST_SCORES, state: 'awaiting' },
    ],
    complete: false,
  },
};

/** The one the document shows: the route that serves the document has none (its answer is this document). */
export const SIS_EXAMPLES: { [N in Exclude<keyof Sis, 'sisOpenApi'>]?: ExamplesOf<Sis[N]> } = {
  sisListApplications: {
    response: { items: [APPLICATION], next_cursor: 'MjAyNi0xMi0xNVQxMjowMDowMC4wMDBaIzdjMGUzZjVh' },
  },
  sisReadApplication: { response: APPLICATION },
  sisApplicationPdf: {
    response: { url: `https://documents.s3.amazonaws.com/applications/${ID}/application-K7QM2XPA.pdf?X-Amz-Expires=300&X-Amz-Signature=…` },
  },
  sisMarkMaterial: {
    request: { item: 'transcript', status: 'received', received_at: '2026-11-20' },
    response: {
      message: 'The high school transcript is marked received on 2026-11-20.',
      items: [
        { ...TRANSCRIPT, state: 'received', mark: RECEIVED },
        { ...TEST_SCORES, state: 'awaiting' },
      ],
      complete: false,
    },
  },
  sisRecordDecision: {
    request: { decision: 'admit', note: 'Merit list' },
    response: {
      office_status: 'decided',
      decision: { decision: 'admit', note: 'Merit list', decided_by: 'sis:banner', decided_at: '2026-12-01T09:30:00.000Z' },
    },
  },
};

/** Each error's example, as the machine routes answer it. */
export const ERROR_EXAMPLES: { [S in 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429]: SisError & { code: (typeof SIS_ERROR_CODES)[S] } } = {
  400: { code: 'bad_request', message: "Choose a status: received or waived (undoing a mark is the office's, in the console)." },
  401: { code: 'unauthorized', message: 'This API needs a bearer token from the token endpoint: Authorization: Bearer <access_token>.' },
  403: { code: 'forbidden', message: 'This route needs the scope sis/applications.read, which this token does not hold.' },
  404: { code: 'not_found', message: 'There is no submitted application with this id.' },
  409: {
    code: 'conflict',
    message:
      'This Idempotency-Key was already used for a different request (another application, decision, note or reason). Use a new key for a new request; the same key only to retry the same one.',
  },
  413: { code: 'too_large', message: 'The request is too large.' },
  415: { code: 'unsupported_media_type', message: 'Requests must be sent as JSON in UTF-8 (Content-Type: application/json).' },
  429: { code: 'rate_limited', message: 'Too many requests: a client may make 120 a minute. Try again in 17 seconds.' },
};
