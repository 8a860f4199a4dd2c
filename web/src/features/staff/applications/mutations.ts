import '../api/endpoints';
import { call, type CallArgs } from '#web/lib/api-client';
import { APPLICATIONS_KEY, applicationQuery, duplicatesQuery } from '../api/queries';
import { useStaffWrite } from '../api/write';

/** An admin erases an application: the list and the application read before are forgotten. */
export const useEraseApplication = (id: string) =>
  useStaffWrite(['staff-erase', id], (body: CallArgs<'eraseApplication'>['body']) => call('eraseApplication', { path: { id }, body }), {
    forget: () => [APPLICATIONS_KEY, applicationQuery(id).queryKey],
  });

/** An admin places or lifts a hold: the application is read again, with the hold as it now is. */
export const useHoldApplication = (id: string) =>
  useStaffWrite(['staff-hold', id], (body: CallArgs<'holdApplication'>['body']) => call('holdApplication', { path: { id }, body }), {
    reread: applicationQuery(id).queryKey,
  });

/** Any role marks a material or undoes the mark: the application is read again, and the list (whose complete filter may change) forgotten. */
export const useMarkMaterial = (id: string, item: string) =>
  useStaffWrite(['staff-material', id, item], (body: CallArgs<'markMaterial'>['body']) => call('markMaterial', { path: { id, item }, body }), {
    reread: applicationQuery(id).queryKey,
    forget: () => [APPLICATIONS_KEY],
  });

/** Any role's verdict on a possible duplicate: the flags are read again, and the list (whose duplicate filter may change) forgotten. */
export const useMarkDuplicate = (id: string, other: string) =>
  useStaffWrite(['staff-duplicate', id, other], (body: CallArgs<'markDuplicate'>['body']) => call('markDuplicate', { path: { id, other }, body }), {
    reread: duplicatesQuery(id).queryKey,
    forget: () => [APPLICATIONS_KEY],
  });
