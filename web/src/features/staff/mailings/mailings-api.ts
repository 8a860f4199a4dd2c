import '../api/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, type CallArgs } from '#web/lib/api-client';
import { STAFF_KEY } from '../api/queries';
import { useStaffWrite } from '../api/write';

const MAILINGS_KEY = [...STAFF_KEY, 'mailings'] as const;

/** The office's mailings with their progress: read once per visit (each read is recorded), again after a write. */
export const mailingsQuery = () =>
  queryOptions({ queryKey: MAILINGS_KEY, queryFn: () => call('listMailings', {}), staleTime: 15_000, meta: { inlineErrors: true } });

/** One mailing with its progress and failures (the screen's "Refresh" reads it again). */
export const mailingQuery = (id: string) =>
  queryOptions({ queryKey: [...MAILINGS_KEY, id], queryFn: () => call('readMailing', { path: { id } }), staleTime: 0, meta: { inlineErrors: true } });

/** The messages an application received (its screen's Messages section). */
export const applicationMessagesQuery = (id: string) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'messages', id],
    queryFn: () => call('readApplicationMessages', { path: { id } }),
    staleTime: 15_000,
    meta: { inlineErrors: true },
  });

export const useCreateMailing = () =>
  useStaffWrite(['staff-mailing-create'], (body: CallArgs<'createMailing'>['body']) => call('createMailing', { body }), { reread: MAILINGS_KEY });

export const usePreviewMailing = (id: string) => useStaffWrite(['staff-mailing-preview', id], () => call('previewMailing', { path: { id } }));

export const useTestMailing = (id: string) => useStaffWrite(['staff-mailing-test', id], () => call('testMailing', { path: { id } }));

export const useSendMailing = (id: string) =>
  useStaffWrite(['staff-mailing-send', id], (body: CallArgs<'sendMailing'>['body']) => call('sendMailing', { path: { id }, body }), { reread: MAILINGS_KEY });

const SUPPRESSIONS_KEY = [...STAFF_KEY, 'suppressions'] as const;

/** The suppression list (an admin's): read once per visit (each read is recorded), again after a removal. */
export const suppressionsQuery = () =>
  queryOptions({ queryKey: SUPPRESSIONS_KEY, queryFn: () => call('listSuppressions', {}), staleTime: 15_000, meta: { inlineErrors: true } });

/** Takes an address off the list; the list is read again whatever the answer (another admin may have taken it first). */
export const useDeleteSuppression = () =>
  useStaffWrite(['staff-suppression-delete'], (email: string) => call('deleteSuppression', { path: { email } }), {
    reread: SUPPRESSIONS_KEY,
    rereadOnError: true,
  });
