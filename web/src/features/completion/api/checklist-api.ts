import { queryOptions, useQuery } from '@tanstack/react-query';
import { isPendingStatus } from '#form/contract';
import type { ChecklistItem } from '#form/wire/responses';
import { call } from '#web/lib/api-client';
import { uploadThroughPresignedPost } from '#web/lib/upload';

export type { ChecklistItem };

export const CHECKLIST_POLL_MS = 2000;

export const getChecklist = () => call('readChecklist');

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
export const uploadSupplement = (key: string, file: File): Promise<void> => uploadThroughPresignedPost('grantSupplementUpload', 'attachSupplement', key, file);
