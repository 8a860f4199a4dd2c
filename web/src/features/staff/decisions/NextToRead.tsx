import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { isStaffSessionLost, nextToRead } from '../api/staff-api';
import { useSessionLost } from '../session/use-session-lost';

/**
 * The reader's queue: asks the server for the oldest submitted application of the list's cycle
 * (every cycle chosen: the current one) this member has not reviewed and opens it; when none is
 * left, says so in a live region (focus stays on the button).
 */
export function NextToRead({ cycle }: { cycle?: string }) {
  const navigate = useNavigate();
  const sessionLost = useSessionLost();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const next = async () => {
    if (busy) return;
    setBusy(true);
    setMessage('');
    try {
      const { id } = await nextToRead(cycle);
      await navigate(`/staff/applications/${encodeURIComponent(id)}`);
    } catch (error) {
      if (isStaffSessionLost(error)) {
        sessionLost();
        return;
      }
      // The server's 404 names the cycle it looked in.
      setMessage(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="staff-actions staff-queue">
      <button type="button" className="button button--primary" onClick={() => void next()} aria-disabled={busy || undefined}>
        Next application to read
      </button>
      <span aria-live="polite" className="staff-queue__message">
        {busy ? 'Finding the next application…' : message}
      </span>
    </div>
  );
}
