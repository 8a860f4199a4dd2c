/**
 * The deadline banners, derived from the timetable (issue 37, item 3): the next deadlines of the
 * current cycle's open rounds (at most two, the nearest first), urgent in their last 48 hours and
 * "closes tonight" on their day; a round's late window; and, before a cycle opens or between two,
 * when the next one opens. Said on the institution's clock, with the reader's own time beside it
 * when their clock differs there; in the reader's language (issue 41: the catalog's `banner.…`, dates
 * through Intl in it, the institution's labels as its texts give them in it). Pure: the browser passes its clock and its zone; the server
 * enforces the deadlines (timetable.ts), a banner only informs.
 */
import { offsetMs } from './calendar';
import {
  accepts,
  clockInWords,
  clockOnDayInWords,
  currentCycle,
  cycleClosed,
  cycleOpensAt,
  dayAndClockInWords,
  DEFAULT_DEADLINE_TIME,
  dayInWordsIn,
  nextCycle,
  openRounds,
  roundDeadline,
  roundLastAccepted,
  zoneInWords,
  type Wording,
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
  words: Wording;
}

/** "11:59 pm Central Time", with " (6:59 am on January 16 your time)" when the reader's clock reads otherwise at `limit`. */
function timeInWords(limit: Date, { timeZone, viewerZone, words }: Clocks): string {
  const time = `${clockInWords(limit, timeZone, words.language)} ${zoneInWords(limit, timeZone, words.language)}`;
  if (offsetMs(limit, viewerZone) === offsetMs(limit, timeZone)) return time;
  return words.say('banner.yourTime', { time, yours: clockOnDayInWords(limit, viewerZone, words.language) });
}

/**
 * A limit in words: "11:59 pm Central Time" on its own day (the message says "tonight" or
 * "today"); "November 15 at 11:59 pm Central Time" when urgent, at another time than 23:59, or for
 * a reader on another clock; else only its day, "November 1". The reader's own time follows
 * whenever the time is said.
 */
function limitInWords(limit: Date, round: RoundConfig, clocks: Clocks): { words: string; urgent: boolean; today?: 'tonight' | 'today' } {
  const { now, timeZone, viewerZone, words: w } = clocks;
  const urgent = limit.getTime() - now.getTime() <= URGENT_MS;
  if (dayOf(now, timeZone) === dayOf(limit, timeZone))
    return { words: timeInWords(limit, clocks), urgent, today: wallClock(limit, timeZone).getUTCHours() >= 18 ? 'tonight' : 'today' };
  const otherClock = offsetMs(limit, viewerZone) !== offsetMs(limit, timeZone);
  const plain = !urgent && (round.deadlineTime ?? DEFAULT_DEADLINE_TIME) === DEFAULT_DEADLINE_TIME && !otherClock;
  if (plain) return { words: dayInWordsIn(limit, timeZone, false, w.language), urgent };
  const at = `${dayAndClockInWords(limit, timeZone, false, w.language)} ${zoneInWords(limit, timeZone, w.language)}`;
  return { words: otherClock ? w.say('banner.yourTime', { time: at, yours: clockOnDayInWords(limit, viewerZone, w.language) }) : at, urgent };
}

/** The catalog's ids of a round's banners: before its deadline, then in its late window. */
const ROUND_IDS = {
  open: { tonight: 'banner.closesTonight', today: 'banner.closesToday', later: 'banner.applyBy' },
  late: { tonight: 'banner.lateTonight', today: 'banner.lateToday', later: 'banner.lateUntil' },
} as const;

function roundBanner(round: RoundConfig, clocks: Clocks): TimetableBanner {
  const { now, timeZone, words: w } = clocks;
  const deadline = roundDeadline(round, timeZone);
  const open = accepts(now, deadline);
  const { words, urgent, today } = limitInWords(open ? deadline : roundLastAccepted(round, timeZone), round, clocks);
  const id = ROUND_IDS[open ? 'open' : 'late'][today ?? 'later'];
  return { id: open ? `round-${round.id}` : `round-${round.id}-late`, message: w.say(id, { round: w.label(round.label), when: words }), urgent };
}

/** The moment that matters next for an open round: its deadline, or once past it its late window's end. */
const nextLimit = (round: RoundConfig, { now, timeZone }: Pick<Clocks, 'now' | 'timeZone'>) => {
  const deadline = roundDeadline(round, timeZone);
  return accepts(now, deadline) ? deadline : roundLastAccepted(round, timeZone);
};

function openingBanner(cycle: CycleConfig, after: CycleConfig | undefined, timeZone: string, w: Wording): TimetableBanner {
  const values = { cycle: w.label(cycle.label), day: dayInWordsIn(cycleOpensAt(cycle, timeZone), timeZone, true, w.language) };
  return {
    id: `opens-${cycle.id}`,
    message: after ? w.say('banner.closedOpens', { ...values, closed: w.label(after.label) }) : w.say('banner.opens', values),
    urgent: false,
  };
}

/**
 * The banners the timetable gives at `now`, for a reader whose clock is `viewerZone`'s, in the
 * words of `words` (the page's language: its catalog, its dates, the institution's labels in it).
 */
export function timetableBanners(cycles: readonly CycleConfig[], now: Date, timeZone: string, viewerZone: string, words: Wording): TimetableBanner[] {
  const clocks: Clocks = { now, timeZone, viewerZone, words };
  const current = currentCycle(cycles, now, timeZone);
  if (!current || cycleClosed(current, now, timeZone)) {
    const next = nextCycle(cycles, now, timeZone);
    return next ? [openingBanner(next, current, timeZone, words)] : [];
  }
  return openRounds(current, now, timeZone)
    .sort((a, b) => nextLimit(a, clocks).getTime() - nextLimit(b, clocks).getTime())
    .slice(0, SHOWN_ROUNDS)
    .map((r) => roundBanner(r, clocks));
}
