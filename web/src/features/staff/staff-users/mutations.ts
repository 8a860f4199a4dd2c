import { STAFF_USERS_KEY } from '../api/queries';
import { changeStaffUserRole, deactivateStaffUser, inviteStaffUser, reactivateStaffUser } from '../api/staff-api';
import { useStaffWrite } from '../api/write';

/** Each change reads the staff users again, whatever the answer (a refusal may mean another admin changed them first). */
const effects = { reread: STAFF_USERS_KEY, rereadOnError: true } as const;

export const useInviteStaffUser = () => useStaffWrite(['staff-invite-user'], inviteStaffUser, effects);
export const useChangeStaffUserRole = () => useStaffWrite(['staff-user-role'], changeStaffUserRole, effects);
export const useDeactivateStaffUser = () => useStaffWrite(['staff-user-deactivate'], deactivateStaffUser, effects);
export const useReactivateStaffUser = () => useStaffWrite(['staff-user-reactivate'], reactivateStaffUser, effects);
