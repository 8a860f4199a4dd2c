/**
 * What the timetable allows an applicant at the moment the server received their request
 * (issue 37, item 2): answers are saved only while their cycle is open, and a submission is
 * accepted only in a round that still accepts it, late inside its late window. The browser's
 * clock and the page's age do not count: the request's receive time on the institution's clock
 * decides, to the second (form/timetable.ts).
 */
import type { Timetable } from '#form/institution-cycles';
import { currentCycle, cycleClosed, nextCycle, openRounds, roundDeadline, roundLastAccepted, submissionVerdict } from '#form/timetable';
import type { Answers, CycleConfig, RoundConfig } from '#form/types';
import { Conflict, SubmissionProblems } from '../errors';
import { ROUND_KEY } from '../ports/keys';

/** "August 1, 2026": a calendar day as written, whatever the clock. */
export function dayInWords(day: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
}

/** "November 1, 2026 at 11:59 PM Central Daylight Time": an instant on the institution's clock, its zone named. */
export function momentInWords(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'long',
  }).format(at);
}

const list = (rounds: readonly RoundConfig[]) => rounds.map((r) => r.label).join(', ');

/** Why nothing can be written to an application right now, in words; undefined while its cycle is open. */
export function closedForWriting(t: Timetable, now: Date): string | undefined {
  const cycle = currentCycle(t.cycles, now, t.timeZone);
  if (!cycle) {
    const next = nextCycle(t.cycles, now, t.timeZone);
    return next
      ? `Applications for ${next.label} open on ${dayInWords(next.opens)}. You can make your account now; your answers can be saved from that day.`
      : 'The application is not open.';
  }
  if (!cycleClosed(cycle, now, t.timeZone)) return undefined;
  const closedAt = momentInWords(lastAcceptedOf(cycle, t.timeZone), t.timeZone);
  const next = nextCycle(t.cycles, now, t.timeZone);
  return (
    `The ${cycle.label} application closed on ${closedAt}. Your answers are kept, but they can no longer be changed or submitted.` +
    (next ? ` Applications for ${next.label} open on ${dayInWords(next.opens)}.` : '')
  );
}

function lastAcceptedOf(cycle: CycleConfig, timeZone: string): Date {
  return new Date(Math.max(...cycle.rounds.map((r) => roundLastAccepted(r, timeZone).getTime())));
}

/** Refuses a write to the application while its cycle is not open (409 in words). */
export function assertOpenForWriting(t: Timetable, now: Date): void {
  const closed = closedForWriting(t, now);
  if (closed) throw new Conflict(closed);
}

/** The cycle and round a submission is accepted in, and whether it came late. */
export interface AcceptedRound {
  readonly cycle: CycleConfig;
  readonly round: RoundConfig;
  readonly late: boolean;
}

/**
 * The round this submission goes in: the one chosen on Final Steps, or the only one open when the
 * question was not asked. Refused (409) after its deadline and late window, naming the deadline
 * and the rounds still open; the answers stay as saved, so the applicant can switch and submit.
 */
export function acceptSubmission(t: Timetable, answers: Readonly<Answers>, now: Date): AcceptedRound {
  assertOpenForWriting(t, now);
  const cycle = currentCycle(t.cycles, now, t.timeZone)!;
  const open = openRounds(cycle, now, t.timeZone);
  const chosen = (answers[ROUND_KEY] ?? '').trim() || (open.length === 1 ? open[0]!.id : '');
  if (!chosen) throw new SubmissionProblems({ [ROUND_KEY]: ['Choose the round you are applying in.'] });
  const verdict = submissionVerdict(cycle, chosen, now, t.timeZone);
  if (verdict.ok) return { cycle, round: verdict.round, late: verdict.late };
  const round = cycle.rounds.find((r) => r.id === chosen);
  if (!round) throw new Conflict(`This round is not one of the ${cycle.label} application's. Choose ${choiceOf(open)} on Final Steps and submit again.`);
  const lateUntil = roundLastAccepted(round, t.timeZone);
  const deadline = roundDeadline(round, t.timeZone);
  const late = lateUntil.getTime() > deadline.getTime() ? ` (late applications until ${momentInWords(lateUntil, t.timeZone)})` : '';
  throw new Conflict(
    `The ${round.label} deadline was ${momentInWords(deadline, t.timeZone)}${late}. Your answers are saved: choose ${choiceOf(open)} on Final Steps and submit again.`,
  );
}

const choiceOf = (open: readonly RoundConfig[]) =>
  open.length === 1 ? `${open[0]!.label}, the round still open,` : `one of the rounds still open (${list(open)})`;
