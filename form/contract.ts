/**
 * What the browser and the server must agree on, written once: statuses of documents and of the
 * application PDF, the web-status list, the shape of a document answer, the messages both sides
 * show, and the page paths. The web app and the Lambdas import these; neither keeps its own copy.
 */
import type { PageId } from './types';
import type { Decision, OfficeReply } from './wire/decision-words';
import type { OfficeStatus } from './wire/office-status';

/**
 * Status of a document's conversion and of the application PDF. A document moves forward only:
 * UNPROCESSED → IN_PROGRESS → COMPLETED | FAILED; a newer upload for the same question starts
 * again at UNPROCESSED; NOT_ANSWERED is what a question without a file reports.
 */
export const DOCUMENT_STATUSES = ['UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED', 'NOT_ANSWERED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** The PDF of the application reports the same statuses as a document. */
export type PdfStatus = DocumentStatus;

/** Work still running: the client keeps polling and a tab switch waits while a status is one of these. */
export const PENDING_STATUSES: readonly DocumentStatus[] = ['UNPROCESSED', 'IN_PROGRESS'];

export function isPendingStatus(status: string | undefined): boolean {
  return (PENDING_STATUSES as readonly (string | undefined)[]).includes(status);
}

export function isDocumentStatus(value: unknown): value is DocumentStatus {
  return (DOCUMENT_STATUSES as readonly unknown[]).includes(value);
}

/**
 * A stored document answers its question only once converted: a failed or reset one does not.
 * (A document answer without a status is an older record, converted before statuses were kept.)
 */
export function isAttachedDocument(doc: { file_name?: string; status?: string } | undefined): boolean {
  return !!doc?.file_name && (doc.status === undefined || doc.status === 'COMPLETED');
}

/** One entry of GET /api/document-answer and of the profile's `document_answer`, by question key. */
export interface DocumentAnswer {
  readonly file_key: string;
  readonly file_name: string;
  readonly file_size: number;
  readonly status: string;
}

/**
 * The applicant's web status: the list of distinct statuses reached, in this order, one step at a
 * time. `submitted` is reached only by submitting.
 */
export const WEB_STATUSES = ['started', 'validating', 'submitted'] as const;
export type WebStatus = (typeof WEB_STATUSES)[number];

export function isWebStatus(value: unknown): value is WebStatus {
  return typeof value === 'string' && (WEB_STATUSES as readonly string[]).includes(value);
}

/** The shared messages: what an unexpected failure, a lost session and a locked application say. */
export const GENERIC_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";
export const SESSION_INVALID_MESSAGE = 'Your session is invalid. Please clear your cookies and login again.';
/** A session that sat unused past the idle timeout (the browser says it too, from its own clock). */
export const IDLE_LOGOUT_MESSAGE = 'You have been automatically logged out due to inactivity.';
export const ALREADY_SUBMITTED_MESSAGE = 'Your application has already been submitted, so it can no longer be changed.';

/**
 * The words of a chosen option are stored beside its answer, under `<key>_desc`. The server
 * derives each label from its answer (lambdas/domain/answer-labels.ts) and ignores one a request
 * sends, so the keys a save may carry are the answers that are not labels (and its `base`).
 */
export const LABEL_SUFFIX = '_desc';
export const isLabelKey = (key: string): boolean => key.endsWith(LABEL_SUFFIX);

/**
 * The path of each page of the application; the pages in form/pages take theirs from here.
 * (This module imports nothing of the model, so the web app's first chunk stays without it.)
 */
export const PAGE_PATH = {
  about: '/about',
  'education-ug': '/education-ug',
  'final-steps': '/final-steps',
} as const satisfies Record<PageId, string>;

/** The page paths in form order (`last_page` is one of them). */
export const PAGE_PATHS: readonly string[] = [PAGE_PATH.about, PAGE_PATH['education-ug'], PAGE_PATH['final-steps']];
/** Where a submitted applicant lands. */
export const COMPLETION_PATH = '/completion';

/** The web status a list of reached statuses stands for: as many steps as distinct known entries. */
export function deriveWebStatus(list: readonly unknown[]): WebStatus | null {
  const reached = new Set(list.filter(isWebStatus)).size;
  return reached === 0 ? null : (WEB_STATUSES[Math.min(reached, WEB_STATUSES.length) - 1] ?? null);
}

/** Where a submitted application sits in the timetable, as the office reads it (lambdas/domain/cycles/office-cycles.ts). */
export interface OfficePlacement {
  /** Its admission cycle's id and label (one submitted before cycles: the first configured cycle). */
  cycle: string;
  cycle_label: string;
  /** Its round's id and label ('' for one submitted before cycles). */
  round: string;
  round_label: string;
  /** Submitted inside its round's late window (after the deadline, still accepted). */
  late: boolean;
}

/** One submitted application in the staff list (GET /staff/api/applications), as server and console read it. */
export interface StaffApplicationSummary extends OfficePlacement {
  id: string;
  reference: string;
  name: string;
  email: string;
  submitted_at: string;
  entry_term_desc: string;
  applied_major_desc: string;
  /** Where the application is in the office (form/wire/office-status.ts). */
  office_status: OfficeStatus;
  /** Deciders and admins only: the recorded decision (form/wire/decisions.ts), and the applicant's reply once released and answered. */
  decision?: Decision;
  reply?: OfficeReply;
  /** Every required material received or waived (issue 39); absent in answers from before it. */
  complete?: boolean;
  /** Deciders and admins only, once every decider may see the reviews (a blind round's reads are in): the reviews' average score, one decimal. */
  average_score?: number;
}
