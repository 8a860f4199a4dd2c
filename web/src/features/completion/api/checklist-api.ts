import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { uploadThroughPresignedPost } from '../../../lib/upload';
import { isPendingStatus } from '../../../../../form/contract';
import type { ChecklistEntry } from '../../../../../form/checklist';

export interface ChecklistItem extends ChecklistEntry {
  /** The newest file added from this page, with its conversion status. */
  supplement?: { file_name: string; file_size: number; status: string; message?: string; received_at?: string };
}

export const CHECKLIST_POLL_MS = 2000;

export const getChecklist = () => api.get<{ items: ChecklistItem[] }>('/api/checklist');

/** Polled every 2 s while a file added here is still converting (as the form's files are). */
export const checklistQueryOptions = () =>
  queryOptions({
    queryKey: ['checklist'],
    queryFn: getChecklist,
    refetchInterval: (q) => (q.state.data?.items.some((i) => isPendingStatus(i.supplement?.status)) ? CHECKLIST_POLL_MS : false),
  });

export const useChecklist = () => useQuery(checklistQueryOptions());

/**
 * A material accepted after submission: the same presigned upload as the form's files, then the
 * server records it; its conversion status shows in the checklist.
 */
export const uploadSupplement = (key: string, file: File): Promise<void> =>
  uploadThroughPresignedPost('/api/supplement/presigned-url', `/api/supplement/${encodeURIComponent(key)}`, key, file);
