/**
 * Conversion and application-PDF statuses and the moves between them. A document
 * moves forward only: UNPROCESSED → IN_PROGRESS → COMPLETED | FAILED. A newer upload for the
 * same question starts again at UNPROCESSED; NOT_ANSWERED is what a question without a file reports.
 */
import { isDocumentStatus, isPendingStatus, type DocumentStatus } from '#form/contract';

export type { DocumentStatus };

const NEXT: Record<DocumentStatus, readonly DocumentStatus[]> = {
  NOT_ANSWERED: ['UNPROCESSED'],
  UNPROCESSED: ['IN_PROGRESS'],
  IN_PROGRESS: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
};

export function canMove(from: DocumentStatus, to: DocumentStatus): boolean {
  return NEXT[from].includes(to);
}

/** The client keeps polling (and the tab guard blocks) while the status is one of these. */
export const isPending = (status: string): boolean => isPendingStatus(status);

export function asStatus(value: unknown): DocumentStatus {
  return isDocumentStatus(value) ? value : 'NOT_ANSWERED';
}

/**
 * A job that claimed work and then died (Lambda timeout, process killed) leaves IN_PROGRESS
 * behind; after this long another run may take the work over, so nothing stays stuck.
 */
export const CLAIM_LEASE_MS = 2 * 60 * 1000;

export function leaseExpired(claimedAt: string | undefined, now: Date, leaseMs = CLAIM_LEASE_MS): boolean {
  if (!claimedAt) return true;
  const at = Date.parse(claimedAt);
  return Number.isNaN(at) || now.getTime() - at >= leaseMs;
}

/**
 * What a document's status means to the applicant right now: work that has not moved for far
 * longer than any conversion takes (its event lost, its job killed twice) reports FAILED with a
 * message to upload again, so the client's polling always ends.
 */
export const STUCK_AFTER_MS = 5 * 60 * 1000;

export function effectiveStatus(
  item: { status: string; message?: string; updatedAt?: string } | undefined,
  now: Date,
  failedMessage: string,
): { status: DocumentStatus; message: string } {
  if (!item) return { status: 'NOT_ANSWERED', message: '' };
  const status = asStatus(item.status);
  if (isPending(status) && leaseExpired(item.updatedAt, now, STUCK_AFTER_MS)) return { status: 'FAILED', message: failedMessage };
  return { status, message: item.message ?? '' };
}
