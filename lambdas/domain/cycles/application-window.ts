/**
 * What the timetable allows an applicant at the moment the server received their request
 * (issue 37, item 2): answers are saved only while their cycle is open, and a submission is
 * accepted only in a round that still accepts it, late inside its late window. The browser's
 * clock and the page's age do not count: the request's receive time on the institution's clock
 * decides, to the second (form/timetable.ts).
 */
import { closedWindow, windowInWords } from '#form/application-window';
import type { LanguageCode } from '#form/i18n/languages';
import { serverWording } from '#form/i18n/server-words';
import type { Timetable } from '#form/institution-cycles';
import { currentCycle, cycleById, instantInWords, openRounds, roundDeadline, roundLastAccepted, submissionVerdict } from '#form/timetable';
import type { Answers, CycleConfig, RoundConfig } from '#form/types';
import { Conflict, SubmissionProblems } from '../errors';
import { ROUND_KEY } from '../ports/keys';

/** Refuses a write to the application while its cycle (`applicationCycle`, else the current one) is not open (409 in words, in the request's language). */
export function assertOpenForWriting(t: Timetable, now: Date, applicationCycle?: string): void {
  const closed = closedWindow(t, now, applicationCycle);
  if (closed) throw new Conflict((language) => windowInWords(closed, t.timeZone, serverWording(language)));
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
  if (!round) throw new Conflict((language) => said(language, 'notARound', { cycle: labelIn(language, cycle.label), choice: choiceOf(open, language) }));
  const lateUntil = roundLastAccepted(round, t.timeZone);
  const deadline = roundDeadline(round, t.timeZone);
  throw new Conflict((language) =>
    said(language, lateUntil.getTime() > deadline.getTime() ? 'deadlinePassedLate' : 'deadlinePassed', {
      round: labelIn(language, round.label),
      when: instantInWords(deadline, t.timeZone, language),
      lateUntil: instantInWords(lateUntil, t.timeZone, language),
      choice: choiceOf(open, language),
    }),
  );
}

const said = (language: LanguageCode, id: string, values: Record<string, string | number>) => serverWording(language).say(`window.${id}`, values);
/** A round's or cycle's label as the file gives it in `language` (as written where it gives none). */
const labelIn = (language: LanguageCode, words: string) => serverWording(language).label(words);

/**
 * The rounds still open, as the refusal asks the applicant to choose among them: "Regular
 * Decision, the round still open," or "one of the rounds still open (Early Decision, Regular
 * Decision)", as the language says it (a plural: Arabic says two rounds its own way).
 */
const choiceOf = (open: readonly RoundConfig[], language: LanguageCode) =>
  said(language, 'choice', { count: open.length, rounds: open.map((r) => labelIn(language, r.label)).join(language === 'ar' ? '، ' : ', ') });
