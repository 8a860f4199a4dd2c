/**
 * Uploads and document answers as the use-cases need them: the record of issued upload keys,
 * the uploads bucket, and the document answer a file becomes. Adapters: adapters/upload-grants.ts,
 * adapters/storage/objects.ts, adapters/document-answers-store.ts.
 */
import type { PdfState } from '../documents/application-pdf';
import type { UploadRef } from '../documents/keys';
import type { DocumentItem } from './answers';

export interface PresignedUpload {
  url: string;
  fields: Record<string, string>;
}

export type AttachOutcome = { kind: 'attached'; document: DocumentItem } | { kind: 'superseded' };

export interface UploadedFile {
  fileKey: string;
  fileName: string;
  fileSize: number;
}

export interface UploadGrants {
  /**
   * Records the key before the presigned POST is returned, in one write conditional on the
   * application's state: false when that state refused it (nothing was recorded): submitted, for
   * a form document; not submitted, for a material added after submission.
   */
  grantUpload(ref: UploadRef, now: Date, purpose: 'application' | 'supplement'): Promise<boolean>;
  /** The key was issued to this applicant for this question and its object arrived. */
  isAcceptedUpload(ref: UploadRef): Promise<boolean>;
}

/** The per-applicant, per-day count of upload grants (adapters/store/upload-quota-store.ts). */
export interface UploadQuota {
  /**
   * Counts one upload for the applicant on `day` (YYYY-MM-DD, UTC) in one atomic write, unless
   * `max` were counted already: false then, and nothing is counted. `expiresAt` (epoch s) lets
   * the table remove the counter.
   */
  takeUpload(sub: string, day: string, max: number, expiresAt: number): Promise<boolean>;
}

export interface UploadsBucket {
  /** A presigned POST for exactly this key, at most `maxBytes`. */
  presignUpload(key: string, maxBytes: number): Promise<PresignedUpload>;
  /** The uploaded object's size, or undefined when there is none. */
  uploadSize(key: string): Promise<number | undefined>;
}

export interface DocumentAttacher {
  /** Records the applicant's file for a question: the same or a newer upload, never an older one. */
  attachUpload(sub: string, key: string, upload: UploadedFile, now?: Date): Promise<AttachOutcome>;
}

/** An applicant's stored files: the document answers, the application PDF's state, and what names and versions them. */
export interface StoredFiles {
  documents: DocumentItem[];
  pdf?: PdfState;
  answersUpdatedAt?: string;
  submittedAt?: string;
  /** The application's reference, once submitted. */
  reference?: string;
}

export interface StoredFilesReader {
  /** Documents, the PDF state and the answers' timestamps in one consistent read. */
  readApplicantDocuments(sub: string): Promise<StoredFiles>;
}

export interface DownloadLinks {
  /** A short-lived link to a stored PDF that the browser saves as `fileName`. */
  signPdfDownload(objectKey: string, fileName: string): Promise<string>;
}
