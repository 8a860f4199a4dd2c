import { useEffect, useState } from 'react';
import { closedForWriting } from '#form/application-window';
import { timetable } from '#form/institution-cycles';

/**
 * Why the application cannot be written to now, in the server's words (before its cycle opens,
 * after its last round closes; issue 37), on the browser's clock, looked at every 15 seconds;
 * undefined while open. Read after mount, and a state that does not change renders nothing: an
 * open application's form is not rendered again as it hydrates, which would reset the choices a
 * visitor made on the prerendered page before React replays them.
 */
export function useApplicationClosed(): string | undefined {
  const [closed, setClosed] = useState<string | undefined>(undefined);
  useEffect(() => {
    const look = () => setClosed(closedForWriting(timetable, new Date()));
    look();
    const tick = setInterval(look, 15_000);
    return () => clearInterval(tick);
  }, []);
  return closed;
}
