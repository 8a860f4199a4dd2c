/**
 * What the schema cannot say about the timetable (`cycles`, issue 37): its days exist, its times
 * are times, each cycle's terms are the file's terms, and its dates come in order: the rounds'
 * deadlines one after the other and not before their cycle opens, a decision no earlier than
 * the round's last accepted day, a reply-by after it, and each cycle done before the next opens.
 * Days are compared as written (YYYY-MM-DD, HH:MM), all on the institution's one clock.
 */
import { addDays } from '../form/calendar';
import { closest, dayExists, type WordFinding as Finding } from '../form/office-words';
import { DEFAULT_DEADLINE_TIME } from '../form/timetable';
import type { CycleConfig, RoundConfig } from '../form/types';
import type { InstitutionFile } from './file';

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The last day a round accepts an application: its deadline's day, or its late window's last. */
const lastAcceptedDay = (r: RoundConfig) => addDays(r.deadline, r.lateDays ?? 0);
const deadlineOf = (r: RoundConfig) => `${r.deadline} ${r.deadlineTime ?? DEFAULT_DEADLINE_TIME}`;
/** A round whose days all exist and whose time is a time: the only ones whose order can be judged. */
const wellFormed = (r: RoundConfig) => [r.deadline, r.decisionDate, r.replyBy].every(dayExists) && TIME.test(r.deadlineTime ?? DEFAULT_DEADLINE_TIME);

function termFindings(file: InstitutionFile, cycle: CycleConfig, i: number): Finding[] {
  const codes = file.application.entryTerms.terms.map((t) => t.code);
  return cycle.entryTerms.flatMap((term, j): Finding[] => {
    const code = term.slice(4);
    if (codes.includes(code)) return [];
    const near = closest(code, codes);
    return [
      {
        at: ['cycles', i, 'entryTerms', j],
        message: `${term}: ${code} is not the code of a term in application.entryTerms.terms (${codes.join(', ')}).`,
        fix: `Write the year and one of those codes${near ? `, for example ${term.slice(0, 4)}${near}` : ''}.`,
      },
    ];
  });
}

function roundFindings(cycle: CycleConfig, i: number): Finding[] {
  const findings: Finding[] = [];
  const at = (j: number, field: string) => ['cycles', i, 'rounds', j, field];
  let previous: RoundConfig | undefined;
  cycle.rounds.forEach((r, j) => {
    for (const field of ['deadline', 'decisionDate', 'replyBy'] as const)
      if (!dayExists(r[field]))
        findings.push({ at: at(j, field), message: `${r[field]} is not a day of the calendar.`, fix: 'Write a real day as YYYY-MM-DD.' });
    if (r.deadlineTime !== undefined && !TIME.test(r.deadlineTime))
      findings.push({
        at: at(j, 'deadlineTime'),
        message: `${r.deadlineTime} is not a time of day.`,
        fix: 'Write HH:MM on a 24-hour clock, from 00:00 to 23:59 (leave it out for 23:59).',
      });
    if (!wellFormed(r)) return;
    if (previous && deadlineOf(r) <= deadlineOf(previous))
      findings.push({
        at: at(j, 'deadline'),
        message: `${r.label}'s deadline (${deadlineOf(r)}) is not after ${previous.label}'s (${deadlineOf(previous)}).`,
        fix: 'List the rounds in the order of their deadlines, each later than the one before.',
      });
    if (dayExists(cycle.opens) && r.deadline < cycle.opens)
      findings.push({
        at: at(j, 'deadline'),
        message: `${r.deadline} is before the cycle opens (${cycle.opens}): the round would never take an application.`,
        fix: `Write a day on or after ${cycle.opens}, or open the cycle earlier.`,
      });
    const last = lastAcceptedDay(r);
    if (r.decisionDate < last)
      findings.push({
        at: at(j, 'decisionDate'),
        message: `${r.decisionDate} is before the round's last accepted day (${last}${r.lateDays ? `: the deadline and ${r.lateDays} late days` : ''}).`,
        fix: `Write ${last} or a later day.`,
      });
    if (r.replyBy <= r.decisionDate)
      findings.push({
        at: at(j, 'replyBy'),
        message: `${r.replyBy} is not after the decision date (${r.decisionDate}): an offer would have no day to be answered.`,
        fix: `Write a day after ${r.decisionDate}.`,
      });
    previous = r;
  });
  return findings;
}

/** Each cycle after the one before, and opening only once the one before takes no more applications. */
function orderFindings(cycles: readonly CycleConfig[]): Finding[] {
  const findings: Finding[] = [];
  cycles.forEach((cycle, i) => {
    const before = cycles[i - 1];
    if (!before || !dayExists(cycle.opens) || !dayExists(before.opens)) return;
    if (cycle.opens <= before.opens) {
      findings.push({
        at: ['cycles', i, 'opens'],
        message: `${cycle.label} opens (${cycle.opens}) before or with ${before.label} (${before.opens}).`,
        fix: 'List the cycles in the order they open, each on a later day.',
      });
      return;
    }
    const rounds = before.rounds.filter(wellFormed);
    const lastRound = rounds.reduce<RoundConfig | undefined>((a, r) => (!a || lastAcceptedDay(r) > lastAcceptedDay(a) ? r : a), undefined);
    if (lastRound && lastAcceptedDay(lastRound) >= cycle.opens)
      findings.push({
        at: ['cycles', i, 'opens'],
        message: `${cycle.label} opens (${cycle.opens}) while ${before.label} still takes applications: ${lastRound.label} accepts them until ${lastAcceptedDay(lastRound)}.`,
        fix: `Open ${cycle.label} after ${lastAcceptedDay(lastRound)}, or end ${before.label}'s rounds earlier.`,
      });
  });
  return findings;
}

/** Every problem of the timetable the schema cannot say (the ids' uniqueness is checks.ts's, with the other codes). */
export function cycleFindings(file: InstitutionFile): Finding[] {
  return [
    ...file.cycles.flatMap((cycle, i): Finding[] => [
      ...(dayExists(cycle.opens)
        ? []
        : [{ at: ['cycles', i, 'opens'], message: `${cycle.opens} is not a day of the calendar.`, fix: 'Write a real day as YYYY-MM-DD.' }]),
      ...termFindings(file, cycle, i),
      ...roundFindings(cycle, i),
    ]),
    ...orderFindings(file.cycles),
  ];
}
