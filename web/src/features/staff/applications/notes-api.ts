import '../api/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, type CallArgs } from '#web/lib/api-client';
import { STAFF_KEY } from '../api/queries';
import { useStaffWrite } from '../api/write';

/** The office's notes on an application: read when its screen opens (an audited read), and again after each note added or edited. */
export const notesQuery = (id: string) =>
  queryOptions({
    queryKey: [...STAFF_KEY, 'notes', id],
    queryFn: () => call('listNotes', { path: { id } }),
    staleTime: 15_000,
    meta: { inlineErrors: true },
  });

export const useAddNote = (id: string) =>
  useStaffWrite(['staff-note-add', id], (body: CallArgs<'postNote'>['body']) => call('postNote', { path: { id }, body }), { reread: notesQuery(id).queryKey });

export const useEditNote = (id: string, noteId: string) =>
  useStaffWrite(['staff-note-edit', id, noteId], (body: CallArgs<'editNote'>['body']) => call('editNote', { path: { id, noteId }, body }), {
    reread: notesQuery(id).queryKey,
  });
