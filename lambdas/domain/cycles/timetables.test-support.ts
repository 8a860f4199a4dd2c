/** Timetables for the domain's tests (issue 37): one always open, and one built around a test's instant. */
import type { Timetable } from '#form/institution-cycles';
import type { RoundConfig } from '#form/types';

/** One cycle, one round, open from 2000 until 2999: a test about something else is never closed. */
export const ALWAYS_OPEN: Timetable = {
  timeZone: 'America/Chicago',
  cycles: [
    {
      id: 'always',
      label: 'Always',
      opens: '2000-01-01',
      entryTerms: [],
      rounds: [{ id: 'rd', label: 'Regular Decision', deadline: '2999-01-01', decisionDate: '2999-02-01', replyBy: '2999-03-01' }],
    },
  ],
};

/** A 2026–27 cycle on Chicago's clock with the rounds given (opening 2026-08-01), and the next one opening 2027-08-01. */
export function chicagoTimetable(rounds: RoundConfig[]): Timetable {
  return {
    timeZone: 'America/Chicago',
    cycles: [
      { id: '2027', label: '2026–27', opens: '2026-08-01', entryTerms: ['2027FA'], rounds },
      {
        id: '2028',
        label: '2027–28',
        opens: '2027-08-01',
        entryTerms: ['2028FA'],
        rounds: [{ id: 'rd', label: 'Regular Decision', deadline: '2028-01-15', decisionDate: '2028-03-15', replyBy: '2028-05-01' }],
      },
    ],
  };
}
