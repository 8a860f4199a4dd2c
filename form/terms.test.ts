import { afterEach, describe, expect, it, vi } from 'vitest';
import { institution } from './institution';
import { allQuestions, questionFor } from './model';
import { termStartDay } from './terms';
import type { ChoiceQuestion } from './types';
import { RULES } from './validation/rules';
import { validateApplication } from './validation/schema';

const chicago = (iso: string) => new Date(iso);
const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

describe("entry terms are computed when asked, on the institution's clock", () => {
  afterEach(() => vi.useRealTimers());

  it('roll over while the process runs: a Lambda started in July offers no closed Fall in August', () => {
    vi.useFakeTimers();
    vi.setSystemTime(chicago('2026-07-31T12:00:00-05:00'));
    expect(values(institution.entryTerms)).toEqual(['2026FA', '2027SP', '2027FA']);
    expect(values((questionFor('entry_term') as ChoiceQuestion).options)).toEqual(['2026FA', '2027SP', '2027FA']);
    vi.setSystemTime(chicago('2026-08-01T12:00:00-05:00'));
    expect(values(institution.entryTerms)).toEqual(['2027SP', '2027FA', '2028SP']);
    expect(values((questionFor('entry_term') as ChoiceQuestion).options)).toEqual(['2027SP', '2027FA', '2028SP']);
  });

  it("read the day in the institution's time zone, so browser and server agree", () => {
    // 03:00 UTC on 1 August is still 31 July in Chicago: Fall 2026 is still open.
    expect(values(institution.entryTermsOn(new Date('2026-08-01T03:00:00Z')))).toEqual(['2026FA', '2027SP', '2027FA']);
    expect(values(institution.entryTermsOn(new Date('2026-08-01T06:00:00Z')))).toEqual(['2027SP', '2027FA', '2028SP']);
  });

  it('give the same list object all day (a stable dropdown)', () => {
    expect(institution.entryTermsOn(new Date('2026-03-10T09:00:00-06:00'))).toBe(institution.entryTermsOn(new Date('2026-03-10T18:00:00-06:00')));
  });
});

describe('a stored choice that is no longer offered', () => {
  const now = new Date('2026-09-15T12:00:00-05:00');

  it('is named in words: "Fall 2026 is no longer open. Please choose another term."', () => {
    const expected = ['Fall 2026 is no longer open. Please choose another term.'];
    expect(validateApplication({ entry_term: '2026FA', entry_term_desc: 'Fall 2026' }, { now }).entry_term).toEqual(expected);
    // Without its stored label the code is still read as a term.
    expect(validateApplication({ entry_term: '2026FA' }, { now }).entry_term).toEqual(expected);
    expect(validateApplication({ entry_term: '2027SP', entry_term_desc: 'Spring 2027' }, { now }).entry_term).toBeUndefined();
  });

  it('never shows an option value or yup\'s "must be one of the following values", for any option question', () => {
    const bogus = 'ZZ_NOT_AN_OPTION';
    const optionKeys = allQuestions.flatMap((q) => {
      switch (q.type) {
        case 'dropdown':
        case 'radio':
        case 'checkbox':
          return [q.key];
        case 'checkboxGroup':
          return q.options.map((o) => o.yupValueKey);
        case 'monthYear':
          return [q.key, q.yearKey];
        default:
          return [];
      }
    });
    expect(optionKeys.length).toBeGreaterThan(40);
    for (const key of optionKeys) {
      // Every controller answered, so conditional dropdowns have options to miss.
      const answers = {
        country: 'USA',
        parent_country: 'USA',
        parent_2_country: 'USA',
        mailing_country: 'USA',
        hs_country: 'USA',
        applied_major: 'BUS',
        [key]: bogus,
      };
      const messages = (RULES[key] ?? []).map((r) => r.check(bogus, answers, { now })).filter((m): m is string => m !== undefined);
      expect(messages.length, key).toBeGreaterThan(0);
      for (const m of messages) {
        expect(m, key).not.toContain(bogus);
        expect(m, key).not.toMatch(/must be one of/);
        expect(m, key).toMatch(/^[A-Z].*\.$/);
        const q = questionFor(key);
        for (const option of q?.type === 'dropdown' || q?.type === 'radio' ? q.options : []) {
          if (option.value.length > 2) expect(m, key).not.toContain(option.value);
        }
      }
    }
  });

  it('names a stored label it no longer offers, for any dropdown', () => {
    const m = validateApplication({ country: 'USA', state: 'ON', state_desc: 'Ontario' }, { now }).state;
    expect(m).toEqual(['Ontario is not one of the choices. Please choose another.']);
  });
});

describe("a term's first day", () => {
  it('is January 1 for Spring and August 1 for Fall, the days the form stops offering them', () => {
    expect(termStartDay('2027SP')).toBe('2027-01-01');
    expect(termStartDay('2027FA')).toBe('2027-08-01');
    // The last day each is offered is the day before it begins.
    expect(values(institution.entryTermsOn(new Date('2026-12-31T12:00:00-06:00')))[0]).toBe('2027SP');
    expect(values(institution.entryTermsOn(new Date('2027-01-01T12:00:00-06:00')))[0]).toBe('2027FA');
  });

  it('is unknown for a code the calendar does not name', () => {
    expect(termStartDay('2027SU')).toBeUndefined();
    expect(termStartDay('')).toBeUndefined();
  });
});
