import { APPLICATIONS_KEY, applicationQuery } from '../api/queries';
import { recordDecision, recordDecisions, saveReview } from '../api/staff-api';
import { useStaffWrite } from '../api/write';

/** The member's own review of the application (added or revised). */
export const useSaveReview = (id: string) =>
  useStaffWrite(['staff-review', id], (body: Parameters<typeof saveReview>[1]) => saveReview(id, body), { reread: applicationQuery(id).queryKey });

/** The application's decision, staged (or changed, released, by an admin with a reason). */
export const useRecordDecision = (id: string) =>
  useStaffWrite(['staff-decision', id], (body: Parameters<typeof recordDecision>[1]) => recordDecision(id, body), { reread: applicationQuery(id).queryKey });

/** One decision for the applications selected in the list, all or nothing. */
export const useRecordDecisions = () => useStaffWrite(['staff-decisions'], recordDecisions, { reread: APPLICATIONS_KEY });
