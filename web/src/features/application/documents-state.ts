import { createStore } from '#web/lib/store';

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

export { isPendingStatus as isPendingConversion, isAttachedDocument as isAttached } from './model';
