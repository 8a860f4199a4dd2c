import type { ReleaseSummary } from '#form/wire/decisions';
import { releasesQuery } from '../api/queries';
import { cancelRelease, scheduleRelease } from '../api/staff-api';
import { useStaffWrite } from '../api/write';

/** A release, now or at a time; the pending releases are read again after it. */
export const useScheduleRelease = () => useStaffWrite(['staff-release'], scheduleRelease, { reread: releasesQuery().queryKey });

/** Cancels a pending release; the pending releases are read again whatever the answer. */
export const useCancelRelease = () =>
  useStaffWrite(['staff-release-cancel'], (r: ReleaseSummary) => cancelRelease(r.id), { reread: releasesQuery().queryKey, rereadOnError: true });
