import { describe, expect, it } from 'vitest';
import { closedWindow, pageWindowWording, windowInWords } from './application-window';
import { pageWording } from './i18n/wording.test-support';
import type { Timetable } from './institution-cycles';
import type { RoundConfig } from './types';

const rd = (year: number): RoundConfig => ({
  id: 'rd',
  label: 'Regular Decision',
  deadline: `${year}-01-15`,
  decisionDate: `${year}-03-15`,
  replyBy: `${year}-05-01`,
});
const t: Timetable = {
  timeZone: 'America/Chicago',
  cycles: [
    { id: '2027', label: '2026–27', opens: '2026-08-01', entryTerms: ['2027FA'], rounds: [rd(2027)] },
    { id: '2028', label: '2027–28', opens: '2027-08-01', entryTerms: ['2028FA'], rounds: [rd(2028)] },
  ],
};
const at = (iso: string) => new Date(iso);
/** The window's words on a form page in `language` (English: the spec's words, which the server says too). */
const closedForWriting = (timetable: Timetable, now: Date, language: 'en' | 'es' | 'ar' = 'en') => {
  const closed = closedWindow(timetable, now);
  return closed && windowInWords(closed, timetable.timeZone, pageWindowWording(pageWording(language)));
};

describe('writing to an application', () => {
  it('is refused before its cycle opens, saying when it opens', () => {
    expect(closedForWriting(t, at('2026-08-01T04:59:59Z'))).toBe(
      'Applications for 2026–27 open on August 1, 2026. You can make your account now; your answers can be saved from that day.',
    );
    // Midnight in Chicago (CDT, UTC-5) opens it.
    expect(closedForWriting(t, at('2026-08-01T05:00:00Z'))).toBeUndefined();
  });

  it('is refused once the last round has closed, naming when, and the next cycle', () => {
    // 23:59 on January 15 in Chicago (CST, UTC-6): its first second is still in time.
    expect(closedForWriting(t, at('2027-01-16T05:59:00.999Z'))).toBeUndefined();
    const message = closedForWriting(t, at('2027-01-16T05:59:01Z'));
    expect(message).toMatch(/^The 2026–27 application closed on January 15, 2027 at 11:59 pm Central Time\./);
    expect(message).toMatch(/can no longer be changed or submitted\. Applications for 2027–28 open on August 1, 2027\.$/);
  });

  it('names no next cycle after the last one has closed', () => {
    expect(closedForWriting(t, at('2028-01-16T05:59:01Z'))).toMatch(/^The 2027–28 application closed on .+ can no longer be changed or submitted\.$/);
  });

  it("is said in the reader's language, the dates as Intl writes them in it", () => {
    expect(closedForWriting(t, at('2027-01-16T05:59:01Z'), 'es')).toBe(
      'La solicitud 2026–27 se cerró el 15 de enero de 2027 a las 23:59 hora central. Sus respuestas se conservan, pero ya no se pueden modificar ni enviar. ' +
        'Las solicitudes para 2027–28 se abren el 1 de agosto de 2027.',
    );
    const arabic = closedForWriting(t, at('2026-08-01T04:59:59Z'), 'ar')!;
    expect(arabic).toMatch(/^يُفتح باب التقديم لـ 2026–27 في \S+ أغسطس \S+\. /);
    expect(arabic).not.toMatch(/[A-Za-z]/);
  });
});
