/**
 * What the timetable allows an applicant at the moment the server received their request
 * (issue 37, item 2): answers are saved only while their cycle is open, and a submission is
 * accepted only in a round that still accepts it, late inside its late window. The browser's
 * clock and the page's age do not count: the request's receive time on the institution's clock
 * decides, to the second (form/timetable.ts).
 */
import { closedForWriting } from '#form/application-window';
import type { Timetable } from '#form/institution-cycles';
import { currentCycle, cycleById, instantInWords, openRounds, roundDeadline, roundLastAccepted, submissionVerdict } from '#form/timetable';
import type { Answers, CycleConfig, RoundConfig } from '#form/types';
import { Conflict, SubmissionProblems } from '../errors';
import { ROUND_KEY } from '../ports/keys';

/** Refuses a write to the application while its cycle (`applicationCycle`, else the current one) is not open (409 in words). */
export function assertOpenForWriting(t: Timetable, now: Date, applicationCycle?: string): void {
  const closed = closedForWriting(t, now, applicationCycle);
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
export function acceptSubmission(t: Timetable, answers: Readonly<Answers>, now: Date, applicationCycle?: string): AcceptedRound {
  assertOpenForWriting(t, now, applicationCycle);
  const cycle = (applicationCycle === undefined ? undefined : cycleById(t.cycles, applicationCycle)) ?? currentCycle(t.cycles, now, t.timeZone)!;
  const open = openRounds(cycle, now, t.timeZone);
  const chosen = (answers[ROUND_KEY] ?? '').trim() || (open.length === 1 ? open[0]!.id : '');
  if (!chosen) throw new SubmissionProblems({ [ROUND_KEY]: ['Choose the round you are applying in.'] });
  const verdict = submissionVerdict(cycle, chosen, now, t.timeZone);
  if (verdict.ok) return { cycle, round: verdict.round, late: verdict.late };
  const round = cycle.rounds.find((r) => r.id === chosen);
  if (!round) throw new Conflict(`This round is not one of the ${cycle.label} application's. Choose ${choiceOf(open)} on Final Steps and submit again.`);
  const lateUntil = roundLastAccepted(round, t.timeZone);
  const deadline = roundDeadline(round, t.timeZone);
  const late = lateUntil.getTime() > deadline.getTime() ? ` (late applications until ${instantInWords(lateUntil, t.timeZone)})` : '';
  throw new Conflict(
    `The ${round.label} deadline was ${instantInWords(deadline, t.timeZone)}${late}. Your answers are saved: choose ${choiceOf(open)} on Final Steps and submit again.`,
  );
}

const list = (rounds: readonly RoundConfig[]) => rounds.map((r) => r.label).join(', ');
const choiceOf = (open: readonly RoundConfig[]) =>
  open.length === 1 ? `${open[0]!.label}, the round still open,` : `one of the rounds still open (${list(open)})`;
