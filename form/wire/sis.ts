/**
 * The student information system's API (/sis/v1/): the scopes a machine client may hold and what
 * its routes answer. The scopes are those of one OAuth 2.0 resource server (`sis`): a token
 * carries each as `sis/<scope>`, in AWS from Cognito's token endpoint, locally from the local
 * identity provider's (local/identity/machine-tokens.ts).
 */
import type { Decision, OfficeReply } from './decision-words';
import type { OfficeMaterials } from './materials';
import type { OfficeStatus } from './office-status';

export const SIS_RESOURCE_SERVER = 'sis';
export const SIS_SCOPES = ['applications.read', 'decisions.write', 'materials.write'] as const;
export type SisScope = (typeof SIS_SCOPES)[number];

/** What each scope lets a client do: the resource server's descriptions (lib/sis.ts) and the console's choices. */
export const SIS_SCOPE_WORDS: Record<SisScope, string> = {
  'applications.read': 'Read submitted applications, their documents and PDFs',
  'decisions.write': 'Record decisions (released ones only with a reason)',
  'materials.write': 'Mark checklist items received or waived',
};

export const isSisScope = (value: string): value is SisScope => (SIS_SCOPES as readonly string[]).includes(value);
/** The scope as a token carries it: `sis/applications.read`. */
export const tokenScope = (scope: SisScope): string => `${SIS_RESOURCE_SERVER}/${scope}`;

/** The error's code by its status: what a machine branches on, beside the words for a person. */
export const SIS_ERROR_CODES = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  422: 'unprocessable',
  429: 'rate_limited',
  500: 'internal_error',
} as const;
export type SisErrorCode = (typeof SIS_ERROR_CODES)[keyof typeof SIS_ERROR_CODES];

/** Every answer of /sis/v1/ that is not a success. */
export interface SisError {
  code: SisErrorCode;
  /** What went wrong, in words a person understands (a bad parameter is named). */
  message: string;
  /** A bad body's fields, each with what is wrong with it. */
  errors?: Record<string, string[]>;
}

/** One answer: what was stored (an option's code, a date, the text) and its words (the option's label; otherwise the value). */
export interface SisAnswer {
  value: string;
  label: string;
}

/** A submitted application as a student information system reads it (GET /sis/v1/applications/{id}). */
export interface SisApplication {
  id: string;
  reference: string;
  /** The cycle and round it was submitted in (the round '' for one submitted before rounds), and whether inside the late window. */
  cycle: string;
  round: string;
  late: boolean;
  term: string;
  major: string;
  /** @format date-time */
  submitted_at: string;
  /**
   * The time of the latest change to what this record shows (the submission, its status, decision,
   * reply, materials, hold, round): the list's order (GET /sis/v1/applications?since=).
   * @format date-time
   */
  updated_at: string;
  office_status: OfficeStatus;
  /** Present once the decision is released to the applicant. */
  decision?: Decision;
  /** @format date-time */
  released_at?: string;
  /** The applicant's reply to a released decision. */
  reply?: OfficeReply;
  applicant: {
    name: string;
    /** @format email */
    email: string;
    /** @format date */
    birth_date: string;
  };
  answers: Record<string, SisAnswer>;
  /** The documents submitted with it: the question's key as its kind, and a link to its PDF valid 5 minutes (absent while it is converted). */
  documents: Array<{ kind: string; file_name: string; url?: string }>;
  /** The application PDF (`application-<reference>.pdf`) with a link valid 5 minutes; absent until it is printed, seconds after submission. */
  pdf?: { file_name: string; url: string };
  /** The checklist as the office reads it: each item with the office's mark (received or waived, when, by whom), and whether the application is complete. */
  materials: OfficeMaterials;
}

/** A page of GET /sis/v1/applications: oldest change first; `next_cursor` until the last page. */
export interface SisApplicationPage {
  items: SisApplication[];
  next_cursor?: string;
}

/** The OpenAPI 3.1 document of /sis/v1/ (docs/sis/openapi.json): its own standard's shape, not described again here. */
export interface SisOpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, unknown>;
}
