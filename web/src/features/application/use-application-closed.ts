import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { closedWindow, pageWindowWording, windowInWords, type ClosedWindow } from '#form/application-window';
import { timetable } from '#form/institution-cycles';
import { ownApplicationsQueryOptions } from '#web/lib/applications';
import { useInstitutionText, useLanguage, useT } from '#web/lib/i18n';
import { useSnapshot } from '#web/lib/session';

/** The same closed window (a look every 15 seconds finds the same one): the state stays, nothing renders again. */
const sameWindow = (a: ClosedWindow | undefined, b: ClosedWindow | undefined) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Why the application cannot be written to now, in the server's words in the page's language
 * (before its cycle opens, after its last round closes; issue 37, issue 41), on the browser's
 * clock, looked at every 15 seconds; undefined while open. Read after mount, and a state that does
 * not change renders nothing: an open application's form is not rendered again as it hydrates,
 * which would reset the choices a visitor made on the prerendered page before React replays them.
 */
export function useApplicationClosed(): string | undefined {
  const [closed, setClosed] = useState<ClosedWindow | undefined>(undefined);
  // The cycle the signed-in applicant's application belongs to: last cycle's closes with its cycle,
  // whichever is open now (an account holds one application per cycle). Until it is read, the current cycle's.
  const loggedIn = useSnapshot((s) => s.is_logged_in && !s.is_service_user);
  const { data } = useQuery({ ...ownApplicationsQueryOptions(), enabled: loggedIn });
  const cycle = data?.applications.find((a) => a.active)?.cycle;
  const t = useT();
  const it = useInstitutionText();
  const language = useLanguage();
  useEffect(() => {
    const look = () => {
      const now = closedWindow(timetable, new Date(), cycle);
      setClosed((before) => (sameWindow(before, now) ? before : now));
    };
    look();
    const tick = setInterval(look, 15_000);
    return () => clearInterval(tick);
  }, [cycle]);
  return closed && windowInWords(closed, timetable.timeZone, pageWindowWording({ say: t, language, label: it }));
}
