import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { GENERIC_ERROR_MESSAGE } from '../../../lib/messages';

import type { PdfStatus } from '../../../../../form/contract';
export type { PdfStatus };
export interface PdfResponse {
  status: PdfStatus;
  url?: string;
  message?: string;
}

export const PDF_FAST_POLL_MS = 1000;
export const PDF_SLOW_POLL_MS = 600_000;
/** A download link older than this is renewed before use (the server signs links for 5 minutes). */
export const PDF_LINK_FRESH_MS = 4 * 60_000;

export async function getApplicationPdf(): Promise<PdfResponse> {
  const res = await api.get<PdfResponse>('/api/pdf');
  // 000 §4: FAILED raises a generic error.
  if (res.status === 'FAILED') throw new Error(GENERIC_ERROR_MESSAGE);
  return res;
}

/** 000 §4: poll every second while unprocessed or in progress, then every ten minutes. */
export const pdfRefetchInterval = (data: PdfResponse | undefined) =>
  !data || data.status === 'UNPROCESSED' || data.status === 'IN_PROGRESS' ? PDF_FAST_POLL_MS : PDF_SLOW_POLL_MS;

export const applicationPdfQueryOptions = () =>
  queryOptions({
    queryKey: ['application-pdf'],
    queryFn: getApplicationPdf,
    refetchInterval: (q) => pdfRefetchInterval(q.state.data),
    // The completion page shows a failed PDF itself.
    meta: { inlineErrors: true },
  });

export const useApplicationPdf = (enabled: boolean) => useQuery({ ...applicationPdfQueryOptions(), enabled });
