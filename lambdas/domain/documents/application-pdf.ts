/**
 * When the application PDF must be (re)rendered, and what GET /api/pdf reports. Versions are
 * ISO timestamps of the newest change to what the PDF prints (answers, submission, documents).
 */
import { DEFAULT_LANGUAGE, isLanguage, type LanguageCode } from '#form/i18n/languages';
import { APPLICATION_PDF_FAILED } from './files';
import { CLAIM_LEASE_MS, asStatus, isPending, leaseExpired, type DocumentStatus } from './status';

/** What decides whether the stored PDF is current: its state and the application's timestamps. */
export interface CurrentPdfInput {
  pdf?: PdfState;
  answersUpdatedAt?: string;
  submittedAt?: string;
  documents: ReadonlyArray<{ updatedAt?: string }>;
}

export interface PdfState {
  status: DocumentStatus;
  /** Version of the data the stored PDF was printed from. */
  sourceVersion?: string;
  objectKey?: string;
  /** The applicant's own copy, when they chose a language other than the institution's (issue 41), and that language. */
  applicantObjectKey?: string;
  applicantLanguage?: string;
  message?: string;
  claimedAt?: string;
  updatedAt?: string;
}

/**
 * The same content is rendered at most once per applicant in this window, however many tabs
 * poll or press "Try again": the request is a conditional write on the PDF's own item
 * (documents-store markPdfRequested). Only newer content (an answer saved before submission,
 * the submission itself) may ask sooner, after RENDER_REQUEST_GAP_MS. Longer than a render's deadline and the claim's lease,
 * so a render that failed is never asked for again while the previous attempt could still be running.
 */
export const RENDER_REQUEST_INTERVAL_MS = 3 * 60 * 1000;

/**
 * Newer content waits at least this long after the previous request: before submission a client
 * that saves an answer between polls would otherwise start a render on every poll.
 */
export const RENDER_REQUEST_GAP_MS = 5 * 1000;

export function newestVersion(stamps: ReadonlyArray<string | undefined>): string {
  return stamps.filter((s): s is string => typeof s === 'string' && s !== '').reduce((a, b) => (b > a ? b : a), '');
}

export interface RenderWish {
  /** The applicant pressed "Try again" after a failure. */
  retry?: boolean;
}

/**
 * The language an applicant's own PDF prints in (issue 41): the one saved on their account, else
 * the institution's (an applicant who never chose one reads the office's PDF).
 */
export const applicantPdfLanguage = (saved: string | undefined): LanguageCode => (isLanguage(saved) ? saved : DEFAULT_LANGUAGE);

/** The language the stored PDF's applicant copy is in: the office's file serves an applicant of the institution's language. */
const printedFor = (state: PdfState): string => (state.applicantObjectKey && state.applicantLanguage) || DEFAULT_LANGUAGE;

/** A completed PDF printed for the applicant in another language than the one they have chosen since (a render is asked for then). */
export function pdfInOtherLanguage(state: PdfState | undefined, language: string): boolean {
  return state?.status === 'COMPLETED' && printedFor(state) !== language;
}

/**
 * Whether this request should ask for a render. A failed PDF of the current content is not
 * asked for again by polling (which would loop a failing Chromium render every minute), only
 * when the applicant asks to try again; the request itself is still throttled.
 */
export function pdfNeedsRender(state: PdfState | undefined, version: string, now: Date, wish: RenderWish = {}): boolean {
  if (!state) return true;
  const stale = (state.sourceVersion ?? '') < version;
  switch (state.status) {
    case 'COMPLETED':
      return stale || !state.objectKey;
    case 'FAILED':
      return stale || wish.retry === true;
    case 'IN_PROGRESS':
      return leaseExpired(state.claimedAt, now, CLAIM_LEASE_MS);
    case 'UNPROCESSED':
      // Requested but never picked up (a lost invocation): ask again.
      return leaseExpired(state.updatedAt, now, CLAIM_LEASE_MS);
    default:
      return true;
  }
}

/**
 * A render requested or running, and not abandoned: what nearly every poll of GET /api/pdf
 * finds while the applicant waits. Its answer does not depend on the application's version,
 * so the poll needs only the PDF's own record.
 */
export function pdfStillPending(state: PdfState | undefined, now: Date): state is PdfState {
  return state !== undefined && isPending(state.status) && !pdfNeedsRender(state, '', now);
}

export interface PdfStatusView {
  status: DocumentStatus;
  url: string | null;
  message: string;
}

export function pdfStatusView(state: PdfState | undefined, rendering: boolean, url?: string): PdfStatusView {
  if (rendering || !state)
    return { status: state?.status === 'IN_PROGRESS' ? 'IN_PROGRESS' : 'UNPROCESSED', url: null, message: 'Your PDF is being prepared.' };
  const status = asStatus(state.status);
  if (status === 'COMPLETED' && url) return { status, url, message: 'Your PDF is ready.' };
  if (status === 'FAILED') return { status, url: null, message: state.message || APPLICATION_PDF_FAILED };
  return { status: status === 'COMPLETED' ? 'UNPROCESSED' : status, url: null, message: 'Your PDF is being prepared.' };
}

/** The version of everything the application PDF prints. */
export function applicationVersion(data: { answersUpdatedAt?: string; submittedAt?: string; documents: ReadonlyArray<{ updatedAt?: string }> }): string {
  return newestVersion([data.answersUpdatedAt, data.submittedAt, ...data.documents.map((d) => d.updatedAt)]);
}

/** The stored PDF when it prints the application as it is now (an older one is never handed out): the office's. */
export function currentApplicationPdf(stored: CurrentPdfInput): string | undefined {
  const pdf = stored.pdf;
  const current = (pdf?.sourceVersion ?? '') >= applicationVersion(stored);
  return current && pdf?.status === 'COMPLETED' && pdf.objectKey ? pdf.objectKey : undefined;
}

/** The applicant's own current PDF: their copy in the language they chose, else the office's (issue 41). */
export function currentApplicantPdf(stored: CurrentPdfInput): string | undefined {
  const office = currentApplicationPdf(stored);
  return office && (stored.pdf?.applicantObjectKey || office);
}

/** The name the application PDF is saved under. */
export function applicationFileName(reference: string | undefined): string {
  return reference ? `application-${reference}.pdf` : 'application.pdf';
}
