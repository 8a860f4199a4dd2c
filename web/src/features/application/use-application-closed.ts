import { closedForWriting } from '#form/application-window';
import { timetable } from '#form/institution-cycles';
import { useClock } from '#web/lib/clock';

/**
 * Why the application cannot be written to now, in the server's words (before its cycle opens,
 * after its last round closes; issue 37), on the browser's clock to the minute; undefined while open.
 */
export function useApplicationClosed(): string | undefined {
  const clock = useClock();
  return clock ? closedForWriting(timetable, clock) : undefined;
}
