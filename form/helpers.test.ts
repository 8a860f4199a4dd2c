import { describe, expect, it } from 'vitest';
import { activeBanners, inWindow } from './banners';
import { COUNTRY_ROWS, englishCountryName } from './choice-labels';
import { birthDateBounds, isValidIsoDate, mailingWindow, storedDate } from './dates';
import { validateFile } from './files';
import { characterCount, formatPhone, formatSsn, printCheckbox } from './format';
import { officeTexts } from './institution';
import { countries, countriesNoUsa, months, statesAndProvinces, yearList, yesNo } from './options';
import { cycleTermOptions, termLabelIn } from './terms';
import { isTypedText, withoutUntypedCharacters } from './text';
import type { CycleConfig, DeadlineBanner } from './types';

describe('option lists', () => {
  it('countries are coded, the United States first; countriesNoUsa omits it', () => {
    expect(countries[0]).toEqual({ value: 'USA', label: 'USA' });
    expect(countries.filter((c) => c.value === 'USA')).toHaveLength(1);
    expect(countries.map((c) => c.value).slice(1)).toEqual(COUNTRY_ROWS.map((c) => c.value).filter((c) => c !== 'USA'));
    expect(countriesNoUsa.some((c) => c.value === 'USA')).toBe(false);
    expect(countriesNoUsa).toHaveLength(countries.length - 1);
  });

  it("a country's option carries its code, not its English name (the form pages load no names); the server's names are choice-labels.ts's", () => {
    expect(countries.every((c) => c.label === c.value)).toBe(true);
    expect([englishCountryName('USA'), englishCountryName('CAN'), englishCountryName('XYZ')]).toEqual(['United States', 'Canada', undefined]);
  });

  it('states include territories, armed forces and Canadian provinces, all two-letter codes', () => {
    const codes = statesAndProvinces.map((s) => s.value);
    for (const code of ['IL', 'DC', 'PR', 'GU', 'AA', 'AE', 'AP', 'ON', 'QC', 'YT']) expect(codes).toContain(code);
    expect(codes.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('months run 1 to 12 with English names; Yes/No store Y and N', () => {
    expect(months.map((m) => m.value)).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)));
    expect([months[0]?.label, months[11]?.label]).toEqual(['January', 'December']);
    expect(yesNo.map((o) => o.value)).toEqual(['Y', 'N']);
  });

  it('year lists start at the current year by default and run the configured count and direction', () => {
    const now = new Date(2025, 5, 15);
    expect(yearList({ count: 3, direction: 'future' }, now).map((y) => y.value)).toEqual(['2025', '2026', '2027']);
    expect(yearList({ count: 2, direction: 'past', start: 2000 }, now).map((y) => y.value)).toEqual(['2000', '1999']);
    expect(yearList({ count: 1, direction: 'past', offset: 4 }, now)[0]?.value).toBe('2029');
  });
});

describe('formatting', () => {
  it.each([
    ['', ''],
    ['2', '(2'],
    ['212', '(212'],
    ['2125', '(212) 5'],
    ['212555', '(212) 555'],
    ['2125550', '(212) 555-0'],
    ['2125550100', '(212) 555-0100'],
    ['212555010099', '(212) 555-0100'],
    ['+1 (212) 555-0100', '(212) 555-0100'],
    ['(212) 555-01a0', '(212) 555-010'],
  ])('phone mask %j -> %j', (input, output) => {
    expect(formatPhone(input)).toBe(output);
  });

  it.each([
    ['123', '123'],
    ['1234', '123-4'],
    ['12345', '123-45'],
    ['123456789', '123-45-6789'],
    ['123-45-67890', '123-45-6789'],
  ])('SSN-style %j -> %j', (input, output) => {
    expect(formatSsn(input)).toBe(output);
  });

  it('checkboxes print as [X] and [ ]', () => {
    expect([printCheckbox('true'), printCheckbox('false'), printCheckbox(undefined)]).toEqual(['[X]', '[ ]', '[ ]']);
  });

  it('text areas count characters against their limit', () => {
    expect(characterCount('abc', 7000)).toBe('Character count: 3 / 7000');
  });
});

describe('dates', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    ['', false],
  ])('%j is a valid date: %s', (value, valid) => {
    expect(isValidIsoDate(value)).toBe(valid);
    expect(storedDate(value)).toBe(valid ? value : '');
  });

  it('birth date bounds on 29 February fall back to 28 February', () => {
    expect(birthDateBounds(new Date(2024, 1, 29))).toEqual({ earliest: '1943-02-28', latest: '2011-02-28' });
  });

  it('the mailing window runs from 1 January three years back to 31 December three years ahead', () => {
    expect(mailingWindow(new Date(2025, 0, 1))).toEqual({ minYear: 2022, maxYear: 2028, min: '2022-01-01', max: '2028-12-31' });
  });
});

describe('files', () => {
  const MB = 1024 * 1024;
  it.each<[string, number, string[]]>([
    ['transcript.pdf', MB, []],
    ['transcript.PDF', 10, []],
    ['photo.jpeg', 10, []],
    ['photo.jpg', 10, []],
    ['scan.png', 10, []],
    ['essay.docx', 10, []],
    ['transcript.pdf', MB + 1, ['Your file is too large. The maximum file size is 1 MB.']],
    ['notes.txt', 10, ['You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx']],
    ['noextension', 10, ['You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx']],
    // Only an extension is no extension (as on Unix), in the browser and on the server alike.
    ['.pdf', 10, ['You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx']],
    [`${'a'.repeat(28)}.pdf`, 10, []],
    [`${'a'.repeat(29)}.pdf`, 10, ['The name of your file is too long. File name can have a maximum of 32 characters, including the extension.']],
    ['empty.pdf', 0, ['Your file is empty. Please upload a non-empty file.']],
  ])('%s of %i bytes', (name, size, messages) => {
    expect(validateFile({ name, size })).toEqual(messages);
  });
});

describe('announcements', () => {
  // Every-year windows, one over the new year, and an urgent one handing over from another.
  const banners: DeadlineBanner[] = [
    { id: 'dec-1', message: 'Priority deadline: apply by December 1', from: '10-15', until: '12-02', urgent: false },
    { id: 'jan-15', message: 'Apply by January 15 (to avoid a fee)', from: '12-18', until: '01-16', urgent: false },
    { id: 'mar-1', message: 'Apply by March 1 (to avoid a fee)', from: '02-01', until: '03-02', urgent: false },
    { id: 'apr-15', message: 'Apply by April 15 (to avoid a fee)', from: '03-15', until: '04-16', urgent: false },
    { id: 'may-1', message: 'Urgent: The deadline to apply is May 1!', from: '04-16', until: '05-02', urgent: true },
  ];
  const ids = (y: number, m: number, d: number) => activeBanners(banners, new Date(y, m - 1, d, 12)).map((b) => b.id);
  it.each<[string, [number, number, number], string[]]>([
    ['before the first', [2026, 10, 14], []],
    ['the December 1 window', [2026, 11, 28], ['dec-1']],
    ['first day of January 15', [2026, 12, 18], ['jan-15']],
    ['the same day of a later year (every-year windows)', [2031, 12, 18], ['jan-15']],
    ['last day of January 15, over the new year', [2027, 1, 15], ['jan-15']],
    ['after January 15', [2027, 1, 16], []],
    ['March 1 window', [2027, 3, 1], ['mar-1']],
    ['April 15 to urgent hand-over', [2027, 4, 16], ['may-1']],
    ['last urgent day', [2027, 5, 1], ['may-1']],
    ['after the deadline', [2027, 5, 2], []],
  ])('%s', (_what, [y, m, d], expected) => {
    expect(ids(y, m, d)).toEqual(expected);
  });

  it("carry the sample institution's announcement word for word (its deadline banners come from the timetable)", () => {
    expect(officeTexts.announcements()).toEqual([
      { id: 'open-days', message: 'Visit us: campus open days every Saturday in March', from: '02-15', until: '04-01', urgent: false },
    ]);
  });

  it('a dated window shows from its first day until the day before `until`', () => {
    expect(inWindow('2027-01-09', '2027-01-10', '2027-01-20')).toBe(false);
    expect(inWindow('2027-01-10', '2027-01-10', '2027-01-20')).toBe(true);
    expect(inWindow('2027-01-19', '2027-01-10', '2027-01-20')).toBe(true);
    expect(inWindow('2027-01-20', '2027-01-10', '2027-01-20')).toBe(false);
    expect(inWindow('2028-01-15', '2027-01-10', '2027-01-20')).toBe(false);
  });
});

describe('typed text (answers)', () => {
  it.each([
    ['plain text, accents and emoji', 'Zoë Ñúñez 🎓', true],
    ['line breaks and tabs of a text area', 'line one\r\nline two\tend', true],
    ['NUL', 'a\u0000b', false],
    ['an escape sequence', '\u001b[31mred', false],
    ['a C1 control', 'a\u0085b', false],
    ['DEL', 'a\u007fb', false],
    ['a lone high surrogate', 'x\ud800y', false],
    ['a lone low surrogate', 'x\udc00y', false],
  ])('%s', (_what, value, typed) => {
    expect(isTypedText(value)).toBe(typed);
    // Dropping what is not typed leaves text the rule accepts, and typed text as it was.
    expect(isTypedText(withoutUntypedCharacters(value))).toBe(true);
    if (typed) expect(withoutUntypedCharacters(value)).toBe(value);
  });

  it('drops only the untyped characters', () => {
    expect(withoutUntypedCharacters('a\u0000b\u001b[31mc\ud800d')).toBe('ab[31mcd');
  });
});

describe('entry terms from a yearly list', () => {
  const semesters = {
    terms: [
      { code: 'SP', label: 'Spring', starts: '01-01' },
      { code: 'FA', label: 'Fall', starts: '08-01' },
    ],
  };
  const quarters = {
    terms: [
      { code: 'WI', label: 'Winter Quarter', starts: '01-06' },
      { code: 'SP', label: 'Spring Quarter', starts: '03-30' },
      { code: 'SU', label: 'Summer Quarter', starts: '06-22' },
      { code: 'AU', label: 'Autumn Quarter', starts: '09-24' },
    ],
  };

  it("offers a cycle's terms in the file's order, any names, the same list for the same cycle", () => {
    const cycle: CycleConfig = { id: '2027', label: '2026–27', opens: '2026-08-01', entryTerms: ['2027WI', '2027AU'], rounds: [] };
    expect(cycleTermOptions(cycle, quarters)).toEqual([
      { value: '2027WI', label: 'Winter Quarter 2027' },
      { value: '2027AU', label: 'Autumn Quarter 2027' },
    ]);
    expect(cycleTermOptions(cycle, quarters)).toBe(cycleTermOptions(cycle, quarters));
    expect(cycleTermOptions(undefined, quarters)).toEqual([]);
  });

  it('names a stored term in words, also one no longer offered, and nothing for a code it has no term for', () => {
    expect(termLabelIn(quarters, '2025AU')).toBe('Autumn Quarter 2025');
    expect(termLabelIn(quarters, '2025FA')).toBeUndefined();
    expect(termLabelIn(semesters, '2025FA')).toBe('Fall 2025');
    expect(termLabelIn(semesters, 'FA2025')).toBeUndefined();
  });
});
