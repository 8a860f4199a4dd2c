/**
 * What every published event carries besides its own detail (form/wire/events.ts): the detail's
 * version and the application's cycle. The cycle is the one the application was submitted in;
 * before that, the one its key names (an application after an account's first); otherwise the
 * first configured cycle, which holds an account's first application and everything written
 * before cycles existed (domain/applications/account-applications.ts reads them the same way).
 */
import { timetable } from '#form/institution-cycles';
import { EVENT_VERSION, type EventCommon } from '#form/wire/events';
import { cycleOfKey } from '../ports/keys';
import type { SubmittedPlacement } from '../ports/submissions';

export function eventCommon(
  application: string,
  placement?: Pick<SubmittedPlacement, 'cycle'>,
  t: { readonly cycles: readonly { readonly id: string }[] } = timetable,
): EventCommon {
  return { version: EVENT_VERSION, cycle: placement?.cycle ?? cycleOfKey(application) ?? t.cycles[0]?.id ?? '' };
}
