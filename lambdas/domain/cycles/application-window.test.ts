import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '#form/i18n/languages';
import { Conflict, SubmissionProblems } from '../errors';
import { acceptSubmission, assertOpenForWriting } from './application-window';
import { chicagoTimetable } from './timetables.test-support';

// Early Action's deadline falls on the day Chicago's clocks go back (November 1, 2026): 23:59 that
// night is CST, UTC-6.
const t = chicagoTimetable([
  { id: 'ea', label: 'Early Action', deadline: '2026-11-01', lateDays: 3, decisionDate: '2026-12-15', replyBy: '2027-05-01' },
  { id: 'ed', label: 'Early Decision', deadline: '2026-11-15', binding: true, decisionDate: '2026-12-15', replyBy: '2027-01-15' },
  { id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', decisionDate: '2027-03-15', replyBy: '2027-05-01' },
]);
const at = (iso: string) => new Date(iso);
/** The refusal's words: English's (its message), or another language's (the reply's, middleware/language.ts). */
const conflict = (f: () => unknown, language: LanguageCode = 'en'): string => {
  try {
    f();
  } catch (error) {
    expect(error).toBeInstanceOf(Conflict);
    const refusal = error as Conflict;
    if (language === 'en') return refusal.message;
    expect(refusal.inLanguage).toBeDefined();
    return refusal.inLanguage!(language);
  }
  throw new Error('not refused');
};

describe('writing to an application', () => {
  // Its words are the window's (form/application-window.test.ts): here, that they are a 409, in the request's language.
  it('is refused once the last round has closed with a 409 in those words, in English and in the applicant’s language', () => {
    expect(() => assertOpenForWriting(t, at('2027-01-16T05:59:00.999Z'))).not.toThrow();
    const closed = () => assertOpenForWriting(t, at('2027-01-16T05:59:01Z'));
    expect(conflict(closed)).toBe(
      'The 2026–27 application closed on January 15, 2027 at 11:59 pm Central Time. Your answers are kept, but they can no longer be changed or submitted. ' +
        'Applications for 2027–28 open on August 1, 2027.',
    );
    expect(conflict(closed, 'es')).toBe(
      'La solicitud 2026–27 se cerró el 15 de enero de 2027 a las 23:59 hora central. Sus respuestas se conservan, pero ya no se pueden modificar ni enviar. ' +
        'Las solicitudes para 2027–28 se abren el 1 de agosto de 2027.',
    );
    expect(conflict(closed, 'ar')).not.toMatch(/[A-Za-z]/);
  });
});

describe('a submission', () => {
  const ea = { application_round: 'ea' };

  it('is accepted to the deadline second, then marked late inside the late window', () => {
    expect(acceptSubmission(t, ea, at('2026-11-02T05:59:00.999Z'))).toMatchObject({ round: { id: 'ea' }, late: false, cycle: { id: '2027' } });
    expect(acceptSubmission(t, ea, at('2026-11-02T05:59:01Z'))).toMatchObject({ round: { id: 'ea' }, late: true });
    expect(acceptSubmission(t, ea, at('2026-11-05T05:59:00Z'))).toMatchObject({ late: true });
  });

  it('is refused after the late window with the deadline and the rounds still open', () => {
    expect(conflict(() => acceptSubmission(t, ea, at('2026-11-05T05:59:01Z')))).toBe(
      'The Early Action deadline was November 1, 2026 at 11:59 pm Central Time ' +
        '(late applications until November 4, 2026 at 11:59 pm Central Time). ' +
        'Your answers are saved: choose one of the rounds still open (Early Decision, Regular Decision) on Final Steps and submit again.',
    );
    expect(conflict(() => acceptSubmission(t, { application_round: 'ed' }, at('2026-11-16T06:00:00Z')))).toBe(
      'The Early Decision deadline was November 15, 2026 at 11:59 pm Central Time. ' +
        'Your answers are saved: choose Regular Decision, the round still open, on Final Steps and submit again.',
    );
  });

  it('is refused in the applicant’s language: the dates through Intl in it, the rounds still open as the language counts them', () => {
    expect(conflict(() => acceptSubmission(t, ea, at('2026-11-05T05:59:01Z')), 'es')).toBe(
      'La fecha límite de Early Action fue el 1 de noviembre de 2026 a las 23:59 hora central ' +
        '(solicitudes tardías hasta el 4 de noviembre de 2026 a las 23:59 hora central). ' +
        'Sus respuestas están guardadas: elija una de las rondas que siguen abiertas (Early Decision, Regular Decision) en Pasos finales y envíe de nuevo.',
    );
    expect(conflict(() => acceptSubmission(t, { application_round: 'ed' }, at('2026-11-16T06:00:00Z')), 'es')).toBe(
      'La fecha límite de Early Decision fue el 15 de noviembre de 2026 a las 23:59 hora central. ' +
        'Sus respuestas están guardadas: elija Regular Decision, la ronda que sigue abierta, en Pasos finales y envíe de nuevo.',
    );
    // Two rounds still open: Arabic's dual, the list with Arabic's comma.
    expect(conflict(() => acceptSubmission(t, ea, at('2026-11-05T05:59:01Z')), 'ar')).toMatch(
      /^كان الموعد النهائي لـ Early Action هو .+ إحدى الجولتين اللتين ما زالتا مفتوحتين \(Early Decision، Regular Decision\) في الخطوات الأخيرة/,
    );
    expect(conflict(() => acceptSubmission(t, { application_round: 'zz' }, at('2026-12-01T12:00:00Z')), 'es')).toBe(
      'Esta ronda no es una de las de la solicitud 2026–27. Elija Regular Decision, la ronda que sigue abierta, en Pasos finales y envíe de nuevo.',
    );
  });

  it('asks for a round when there is a choice, and takes the only one open when there is none', () => {
    expect(() => acceptSubmission(t, {}, at('2026-10-01T12:00:00Z'))).toThrow(SubmissionProblems);
    expect(acceptSubmission(t, {}, at('2026-12-01T12:00:00Z'))).toMatchObject({ round: { id: 'rd' }, late: false });
  });

  it('refuses a round the cycle does not have', () => {
    expect(conflict(() => acceptSubmission(t, { application_round: 'zz' }, at('2026-12-01T12:00:00Z')))).toMatch(/not one of the 2026–27 application's/);
  });
});
