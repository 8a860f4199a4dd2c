import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { isPendingStatus } from '#form/contract';
import type { PdfResponse } from '#form/wire/responses';
import { call } from '#web/lib/api-client';
import { genericErrorMessage } from '#web/lib/messages';

export type { PdfResponse };

export const PDF_FAST_POLL_MS = 1000;
export const PDF_SLOW_POLL_MS = 600_000;

/** `retry`: the applicant pressed "Try again" after a failure; the server renders once more at most every few minutes. */
export async function getApplicationPdf(retry = false): Promise<PdfResponse> {
  const res = await call('readApplicationPdf', retry ? { query: { retry: '1' } } : {});
  // FAILED raises a generic error: the page offers to try again rather than wait for nothing.
  if (res.status === 'FAILED') throw new Error(genericErrorMessage());
  return res;
}

/**
 * Poll every second while unprocessed or in progress, then every ten minutes. A failure
 * counts as "then": polling it every second would only ask the server the same question.
 */
export const pdfRefetchInterval = (data: PdfResponse | undefined, failed = false) =>
  !failed && (!data || isPendingStatus(data.status)) ? PDF_FAST_POLL_MS : PDF_SLOW_POLL_MS;

const PDF_QUERY_KEY = ['application-pdf'] as const;

export const applicationPdfQueryOptions = () =>
  queryOptions({
    queryKey: PDF_QUERY_KEY,
    queryFn: () => getApplicationPdf(),
    refetchInterval: (q) => pdfRefetchInterval(q.state.data, q.state.status === 'error'),
    // The completion page shows a failed PDF itself.
    meta: { inlineErrors: true },
  });

export const useApplicationPdf = (enabled: boolean) => useQuery({ ...applicationPdfQueryOptions(), enabled });

/**
 * "Try again": one request per press, and none while one is out (a double click sends one);
 * what it answers becomes the PDF's status and so its polling pace.
 */
export function useRetryApplicationPdf() {
  const queryClient = useQueryClient();
  const inFlight = useRef(false);
  const mutation = useMutation({
    mutationFn: () => getApplicationPdf(true),
    onSuccess: (data) => queryClient.setQueryData(PDF_QUERY_KEY, data),
    onSettled: () => {
      inFlight.current = false;
    },
    meta: { inlineErrors: true },
  });
  const tryAgain = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    mutation.mutate();
  };
  return { tryAgain, pending: mutation.isPending, refused: mutation.isError };
}
