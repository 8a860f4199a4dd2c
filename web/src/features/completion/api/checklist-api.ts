import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { GENERIC_ERROR_MESSAGE } from '../../../lib/messages';
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
 * A material accepted after submission: the same presigned POST to the uploads bucket as the
 * form's files (no-cors: its answer is opaque), then the server records it; conversion runs on the
 * bucket's event and its status shows in the checklist.
 */
export async function uploadSupplement(key: string, file: File): Promise<void> {
  const { url, fields } = await api.post<{ url: string; fields: Record<string, string> }>('/api/supplement/presigned-url', { answer_key: key });
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file);
  try {
    await fetch(url, { method: 'POST', body, mode: 'no-cors' });
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, 0);
  }
  await api.post<unknown>(`/api/supplement/${encodeURIComponent(key)}`, { file_key: fields.key ?? '', file_name: file.name });
}
