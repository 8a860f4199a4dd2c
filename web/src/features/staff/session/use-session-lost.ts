import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { STAFF_LOGIN } from '../api/queries';

/**
 * What a screen does when a call answers that the staff session is gone (a 401 the refresh could
 * not save): to the sign-in, which sends the person back to this screen afterwards.
 */
export function useSessionLost(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void navigate(`${STAFF_LOGIN}?next=${encodeURIComponent(window.location.pathname + window.location.search)}`, { replace: true });
  }, [navigate]);
}
