import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError } from '../../../lib/api-client';
import { GENERIC_ERROR_MESSAGE } from '../../../lib/messages';

import type { DocumentAnswer, DocumentStatus as ConversionStatus } from '../model';

export type { ConversionStatus, DocumentAnswer };

export const getDocumentAnswers = () => api.get<Record<string, DocumentAnswer>>('/api/document-answer');
export const documentAnswersQueryOptions = () => queryOptions({ queryKey: ['document-answer'], queryFn: getDocumentAnswers });
/**
 * Only when logged in: anonymous visitors have no documents. A failure shows the "Error" toast; the file questions then show no
 * stored file, and the next upload refreshes the list.
 */
export const useDocumentAnswers = (enabled: boolean) => useQuery({ ...documentAnswersQueryOptions(), enabled });

export const getConversionStatus = (key: string) =>
  api.get<{ status: ConversionStatus; message?: string }>(`/api/pdf/document-answer/${encodeURIComponent(key)}`);
export const deleteConversion = (key: string) => api.delete<unknown>(`/api/pdf/document-answer/${encodeURIComponent(key)}`);
export const deleteDocumentAnswer = (key: string) => api.delete<unknown>(`/api/document-answer/${encodeURIComponent(key)}`);

/** Removes a question's document: first the conversion, then the document answer. */
export async function removeDocument(key: string): Promise<void> {
  await deleteConversion(key);
  await deleteDocumentAnswer(key);
}

/** Presigned POST, the multipart upload (no-cors: its answer is opaque), then the conversion start. */
export async function uploadDocument(key: string, file: File): Promise<void> {
  const { url, fields } = await api.post<{ url: string; fields: Record<string, string> }>('/api/presigned-url', { answer_key: key });
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  body.append('file', file);
  try {
    await fetch(url, { method: 'POST', body, mode: 'no-cors' });
  } catch {
    throw new ApiError(GENERIC_ERROR_MESSAGE, 0);
  }
  await api.post<unknown>(`/api/pdf/document-answer/${encodeURIComponent(key)}`, { file_key: fields.key ?? '', file_name: file.name });
}
