/**
 * The deadline banners, derived from the timetable (issue 37, item 3): the next deadlines of the
 * current cycle's open rounds (at most two, the nearest first), urgent in their last 48 hours and
 * "closes tonight" on their day; a round's late window; and, before a cycle opens or between two,
 * when the next one opens. Said on the institution's clock, with the reader's own time beside it
 * when their clock differs there. Pure: the browser passes its clock and its zone; the server
 * enforces the deadlines (timetable.ts), a banner only informs.
 */
import { offsetMs } from './calendar';
import {
  accepts,
  clockInWords,
  currentCycle,
  cycleClosed,
  cycleOpensAt,
  DEFAULT_DEADLINE_TIME,
  dayInWordsIn,
  nextCycle,
  openRounds,
  roundDeadline,
  roundLastAccepted,
  zoneInWords,
} from './timetable';
import type { CycleConfig, RoundConfig } from './types';

/** A banner as the page shows it; urgent ones in the alert style. */
export interface TimetableBanner {
  id: string;
  message: string;
  urgent: boolean;
}

/** How long before a limit its banner turns urgent. */
export const URGENT_MS = 48 * 3_600_000;
/** How many rounds' banners show at once. */
export const SHOWN_ROUNDS = 2;

/** `at` as the clock of `timeZone` reads it, in a Date's UTC fields. */
const wallClock = (at: Date, timeZone: string) => new Date(at.getTime() + offsetMs(at, timeZone));
const dayOf = (at: Date, timeZone: string) => wallClock(at, timeZone).toISOString().slice(0, 10);

interface Clocks {
  now: Date;
  /** The institution's time zone: the one the deadlines are written in. */
  timeZone: string;
  /** The reader's (the browser's). */
  viewerZone: string;
}

/** " (6:59 am on January 16 your time)" when the reader's clock reads otherwise at `limit`; nothing when it agrees. */
function yourTime(limit: Date, { timeZone, viewerZone }: Clocks): string {
  if (offsetMs(limit, viewerZone) === offsetMs(limit, timeZone)) return '';
  return ` (${clockInWords(limit, viewerZone)} on ${dayInWordsIn(limit, viewerZone, false)} your time)`;
}

/**
 * A limit in words: "tonight at 11:59 pm Central Time" on its own day; "November 15 at 11:59 pm
 * Central Time" when urgent, at another time than 23:59, or for a reader on another clock; else
 * only its day, "November 1". The reader's own time follows whenever the time is said.
 */
function limitInWords(limit: Date, round: RoundConfig, clocks: Clocks): { words: string; urgent: boolean; today: boolean } {
  const { now, timeZone } = clocks;
  const today = dayOf(now, timeZone) === dayOf(limit, timeZone);
  const urgent = limit.getTime() - now.getTime() <= URGENT_MS;
  const time = `${clockInWords(limit, timeZone)} ${zoneInWords(limit, timeZone)}${yourTime(limit, clocks)}`;
  if (today) return { words: `${wallClock(limit, timeZone).getUTCHours() >= 18 ? 'tonight' : 'today'} at ${time}`, urgent, today };
  const day = dayInWordsIn(limit, timeZone, false);
  const plain = !urgent && (round.deadlineTime ?? DEFAULT_DEADLINE_TIME) === DEFAULT_DEADLINE_TIME && !yourTime(limit, clocks);
  return { words: plain ? day : `${day} at ${time}`, urgent, today };
}

function roundBanner(round: RoundConfig, clocks: Clocks): TimetableBanner {
  const { now, timeZone } = clocks;
  const deadline = roundDeadline(round, timeZone);
  if (accepts(now, deadline)) {
    const { words, urgent, today } = limitInWords(deadline, round, clocks);
    return { id: `round-${round.id}`, message: today ? `${round.label} closes ${words}` : `${round.label}: apply by ${words}`, urgent };
  }
  const { words, urgent, today } = limitInWords(roundLastAccepted(round, timeZone), round, clocks);
  return {
    id: `round-${round.id}-late`,
    message: today ? `Late applications for ${round.label} close ${words}` : `Late applications for ${round.label} are accepted until ${words}`,
    urgent,
  };
}

/** The moment that matters next for an open round: its deadline, or once past it its late window's end. */
const nextLimit = (round: RoundConfig, { now, timeZone }: Clocks) => {
  const deadline = roundDeadline(round, timeZone);
  return accepts(now, deadline) ? deadline : roundLastAccepted(round, timeZone);
};

function openingBanner(cycle: CycleConfig, after: CycleConfig | undefined, timeZone: string): TimetableBanner {
  const closed = after ? `Applications for ${after.label} are closed. ` : '';
  return {
    id: `opens-${cycle.id}`,
    message: `${closed}Applications for ${cycle.label} open on ${dayInWordsIn(cycleOpensAt(cycle, timeZone), timeZone)}.`,
    urgent: false,
  };
}

/** The banners the timetable gives at `now`, for a reader whose clock is `viewerZone`'s. */
export function timetableBanners(cycles: readonly CycleConfig[], now: Date, timeZone: string, viewerZone: string = timeZone): TimetableBanner[] {
  const clocks: Clocks = { now, timeZone, viewerZone };
  const current = currentCycle(cycles, now, timeZone);
  if (!current || cycleClosed(current, now, timeZone)) {
    const next = nextCycle(cycles, now, timeZone);
    return next ? [openingBanner(next, current, timeZone)] : [];
  }
  return openRounds(current, now, timeZone)
    .sort((a, b) => nextLimit(a, clocks).getTime() - nextLimit(b, clocks).getTime())
    .slice(0, SHOWN_ROUNDS)
    .map((r) => roundBanner(r, clocks));
}
