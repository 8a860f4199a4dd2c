import { createStore } from '../../lib/store';

/** Document questions whose upload or conversion is still running (guards tab switches). */
export const uploadsInProgress = createStore<ReadonlySet<string>>(new Set());

export function markUploading(key: string, busy: boolean): void {
  uploadsInProgress.set((s) => {
    const next = new Set(s);
    if (busy) next.add(key);
    else next.delete(key);
    return next;
  });
}

export const isPendingConversion = (status: string | undefined) => status === 'UNPROCESSED' || status === 'IN_PROGRESS';

/** A stored document answers its question only once converted (a failed or reset one does not). */
export function isAttached(doc: { file_name?: string; status?: string } | undefined): boolean {
  return !!doc?.file_name && (doc.status === undefined || doc.status === 'COMPLETED');
}
