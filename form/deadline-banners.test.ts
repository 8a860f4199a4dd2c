/**
 * The deadline banners from the timetable, with a clock passed in and the reader's zone: the next
 * two deadlines, urgent in the last 48 hours (across a change of clocks), "closes tonight" on the
 * day, the late window, the reader's own time beside the institution's, and the cycle's opening.
 */
import { describe, expect, it } from 'vitest';
import { timetableBanners } from './deadline-banners';
import { pageWording } from './i18n/wording.test-support';
import type { CycleConfig, RoundConfig } from './types';

const CHICAGO = 'America/Chicago';
const round = (r: Pick<RoundConfig, 'id' | 'label' | 'deadline'> & Partial<RoundConfig>): RoundConfig => ({
  decisionDate: '2028-12-31',
  replyBy: '2029-01-31',
  ...r,
});
const rounds = (year: number): RoundConfig[] => [
  round({ id: 'ea', label: 'Early Action', deadline: `${year - 1}-11-01`, lateDays: 3 }),
  round({ id: 'ed', label: 'Early Decision', deadline: `${year - 1}-11-15`, binding: true }),
  round({ id: 'rd', label: 'Regular Decision', deadline: `${year}-01-15`, lateDays: 7 }),
  round({ id: 'rolling', label: 'Rolling Admission', deadline: `${year}-07-15` }),
];
const cycles: CycleConfig[] = [
  { id: '2027', label: '2026–27', opens: '2026-08-01', entryTerms: ['2027FA'], rounds: rounds(2027) },
  { id: '2028', label: '2027–28', opens: '2027-08-01', entryTerms: ['2028FA'], rounds: rounds(2028) },
];

const shown = (iso: string, viewer = CHICAGO, timeZone = CHICAGO, of: readonly CycleConfig[] = cycles) =>
  timetableBanners(of, new Date(iso), timeZone, viewer, pageWording('en')).map((b) => `${b.urgent ? '[urgent] ' : ''}${b.message}`);

describe('deadline banners from the timetable', () => {
  it('show the next two deadlines by their day, the nearest first', () => {
    expect(shown('2026-10-01T17:00:00Z')).toEqual(['Early Action: apply by November 1', 'Early Decision: apply by November 15']);
    expect(shown('2026-11-20T17:00:00Z')).toEqual(['Regular Decision: apply by January 15', 'Rolling Admission: apply by July 15']);
  });

  it('turn urgent, with the time, in the last 48 hours (48 hours of real time across the change of clocks on November 1)', () => {
    // The deadline is 2026-11-02T05:59Z (23:59 CST); 48 hours before is 05:59Z on October 31.
    expect(shown('2026-10-31T05:58:59Z')[0]).toBe('Early Action: apply by November 1');
    expect(shown('2026-10-31T05:59:00Z')[0]).toBe('[urgent] Early Action: apply by November 1 at 11:59 pm Central Time');
  });

  it('say "closes tonight" on the deadline day, and "today" for a deadline before the evening', () => {
    // 01:30 on November 1, before the clocks go back, is already the deadline's day.
    expect(shown('2026-11-01T06:30:00Z')[0]).toBe('[urgent] Early Action closes tonight at 11:59 pm Central Time');
    const atFive = [{ ...cycles[0]!, rounds: [round({ id: 'rd', label: 'Regular Decision', deadline: '2027-01-15', deadlineTime: '17:00' })] }];
    expect(shown('2027-01-15T15:00:00Z', CHICAGO, CHICAGO, atFive)).toEqual(['[urgent] Regular Decision closes today at 5:00 pm Central Time']);
    expect(shown('2027-01-01T15:00:00Z', CHICAGO, CHICAGO, atFive)).toEqual(['Regular Decision: apply by January 15 at 5:00 pm Central Time']);
  });

  it('announce a late window until its end, urgent on its last day, and no longer once it has passed', () => {
    expect(shown('2026-11-02T15:00:00Z')).toEqual(['Late applications for Early Action are accepted until November 4', 'Early Decision: apply by November 15']);
    expect(shown('2026-11-04T20:00:00Z')[0]).toBe('[urgent] Late applications for Early Action close tonight at 11:59 pm Central Time');
    expect(shown('2026-11-05T06:00:00Z')).toEqual(['Early Decision: apply by November 15', 'Regular Decision: apply by January 15']);
  });

  it("give the reader's own time when their clock reads otherwise, and not when it agrees", () => {
    expect(shown('2026-10-01T17:00:00Z', 'Asia/Tokyo')[0]).toBe('Early Action: apply by November 1 at 11:59 pm Central Time (2:59 pm on November 2 your time)');
    expect(shown('2027-01-15T18:00:00Z', 'Europe/Paris')[0]).toBe(
      '[urgent] Regular Decision closes tonight at 11:59 pm Central Time (6:59 am on January 16 your time)',
    );
    // Winnipeg keeps Chicago's time: nothing to add.
    expect(shown('2027-01-15T18:00:00Z', 'America/Winnipeg')[0]).toBe('[urgent] Regular Decision closes tonight at 11:59 pm Central Time');
  });

  it("say an institution's deadline in its zone and the reader's beside it (Tokyo's deadline read in Chicago, after Chicago's clocks went back)", () => {
    expect(shown('2026-10-31T06:00:00Z', CHICAGO, 'Asia/Tokyo')[0]).toBe(
      '[urgent] Early Action: apply by November 1 at 11:59 pm Japan Standard Time (8:59 am on November 1 your time)',
    );
  });

  it('say when the cycle opens before it does, and between two cycles', () => {
    expect(shown('2026-07-15T12:00:00Z')).toEqual(['Applications for 2026–27 open on August 1, 2026.']);
    expect(shown('2027-07-20T12:00:00Z')).toEqual(['Applications for 2026–27 are closed. Applications for 2027–28 open on August 1, 2027.']);
    expect(shown('2027-08-01T05:00:00Z')).toEqual(['Early Action: apply by November 1', 'Early Decision: apply by November 15']);
  });

  it('show nothing once the last cycle has closed', () => {
    expect(shown('2028-08-01T12:00:00Z')).toEqual([]);
  });

  it("are said in the reader's language: Intl's dates and zone names, the institution's labels from its texts", () => {
    const labels = { es: { 'Regular Decision': 'Decisión regular', 'Rolling Admission': 'Admisión continua' }, ar: { 'Regular Decision': 'القرار العادي' } };
    const inLanguage = (language: 'es' | 'ar', iso: string, viewer = CHICAGO) =>
      timetableBanners(cycles, new Date(iso), CHICAGO, viewer, pageWording(language, labels[language])).map((b) => b.message);
    expect(inLanguage('es', '2026-11-20T17:00:00Z')).toEqual([
      'Decisión regular: presente su solicitud a más tardar el 15 de enero',
      'Admisión continua: presente su solicitud a más tardar el 15 de julio',
    ]);
    expect(inLanguage('es', '2027-01-15T18:00:00Z', 'Europe/Paris')[0]).toBe(
      'Decisión regular cierra esta noche a las 23:59 hora central (16 de enero a las 6:59 en su hora local)',
    );
    expect(inLanguage('es', '2026-11-04T20:00:00Z')[0]).toBe('Las solicitudes tardías para Early Action cierran esta noche a las 23:59 hora central');
    expect(inLanguage('es', '2027-07-20T12:00:00Z')).toEqual([
      'Las solicitudes para 2026–27 están cerradas. Las solicitudes para 2027–28 se abren el 1 de agosto de 2027.',
    ]);
    const [arabic] = inLanguage('ar', '2027-01-15T18:00:00Z');
    expect(arabic).toMatch(/^يُغلق باب القرار العادي الليلة في .+ التوقيت المركزي لأمريكا الشمالية$/);
    // No English word is left around the dates (the day period is Arabic's).
    expect(arabic).not.toMatch(/[A-Za-z]/);
    expect(inLanguage('ar', '2026-11-20T17:00:00Z')[0]).toMatch(/^القرار العادي: قدّم طلبك في موعد أقصاه \S+ يناير$/);
  });
});
