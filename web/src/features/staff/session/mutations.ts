import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { STAFF_KEY, STAFF_LOGIN } from '../api/queries';
import { staffLogin, staffLogout } from '../api/staff-api';
import { useStaffWrite } from '../api/write';

/** Each step of the sign-in; once signed in, nothing read before (another member's, maybe) is kept. */
export const useStaffLogin = () => useStaffWrite(['staff-login'], staffLogin, { forget: (res) => (res.challenge ? [] : [STAFF_KEY]) });

/** Signing out, then the sign-in saying so; `leaving` while the server is asked. */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    // Signing out locally happens whatever the server says: the cookies are the server's to clear.
    await staffLogout().catch(() => undefined);
    queryClient.removeQueries({ queryKey: STAFF_KEY });
    await navigate(STAFF_LOGIN, { replace: true, state: { message: 'You have signed out.' } });
  };
  return { signOut, leaving };
}
