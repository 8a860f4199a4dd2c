import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '#web/lib/api-client';
import { uploadThroughPresignedPost } from '#web/lib/upload';

export const getDocumentAnswers = () => call('readDocumentAnswers');
export const documentAnswersQueryOptions = () => queryOptions({ queryKey: ['document-answer'], queryFn: getDocumentAnswers });
/**
 * Only when logged in: anonymous visitors have no documents. A failure shows the "Error" toast; the file questions then show no
 * stored file, and the next upload refreshes the list.
 */
export const useDocumentAnswers = (enabled: boolean) => useQuery({ ...documentAnswersQueryOptions(), enabled });

export const getConversionStatus = (key: string) => call('readConversionStatus', { path: { key } });
export const deleteConversion = (key: string) => call('deleteConversion', { path: { key } });
export const deleteDocumentAnswer = (key: string) => call('deleteDocument', { path: { key } });

/** Removes a question's document: first the conversion, then the document answer. */
export async function removeDocument(key: string): Promise<void> {
  await deleteConversion(key);
  await deleteDocumentAnswer(key);
}

/** The presigned upload, then the conversion start. */
export const uploadDocument = (key: string, file: File): Promise<void> => uploadThroughPresignedPost('grantUpload', 'attachUpload', key, file);
