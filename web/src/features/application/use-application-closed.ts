import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { closedForWriting } from '#form/application-window';
import { timetable } from '#form/institution-cycles';
import { ownApplicationsQueryOptions } from '#web/lib/applications';
import { useSnapshot } from '#web/lib/session';

/**
 * Why the application cannot be written to now, in the server's words (before its cycle opens,
 * after its last round closes; issue 37), on the browser's clock, looked at every 15 seconds;
 * undefined while open. Read after mount, and a state that does not change renders nothing: an
 * open application's form is not rendered again as it hydrates, which would reset the choices a
 * visitor made on the prerendered page before React replays them.
 */
export function useApplicationClosed(): string | undefined {
  const [closed, setClosed] = useState<string | undefined>(undefined);
  // The cycle the signed-in applicant's application belongs to: last cycle's closes with its cycle,
  // whichever is open now (an account holds one application per cycle). Until it is read, the current cycle's.
  const loggedIn = useSnapshot((s) => s.is_logged_in && !s.is_service_user);
  const { data } = useQuery({ ...ownApplicationsQueryOptions(), enabled: loggedIn });
  const cycle = data?.applications.find((a) => a.active)?.cycle;
  useEffect(() => {
    const look = () => setClosed(closedForWriting(timetable, new Date(), cycle));
    look();
    const tick = setInterval(look, 15_000);
    return () => clearInterval(tick);
  }, [cycle]);
  return closed;
}
