import { afterEach, describe, expect, it, vi } from 'vitest';
import { dayStartIn } from './calendar';
import { institution, termLabel } from './institution';
import { timetable } from './institution-cycles';
import { allQuestions, questionFor } from './model';
import { termStartDay } from './terms';
import { currentCycle } from './timetable';
import type { ChoiceQuestion, CycleConfig } from './types';
import { RULES } from './validation/rules';
import { validateApplication } from './validation/schema';

const values = (options: readonly { value: string }[]) => options.map((o) => o.value);

describe("entry terms are the applicant's cycle's (issue 37)", () => {
  afterEach(() => vi.useRealTimers());
  const { cycles, timeZone } = timetable;
  const [first, second] = cycles as [CycleConfig, CycleConfig];
  const opening = (c: CycleConfig) => dayStartIn(c.opens, timeZone).getTime();

  it("offers the current cycle's entry terms, in words, and the question offers the same", () => {
    const now = new Date();
    const cycle = currentCycle(cycles, now, timeZone)!;
    expect(values(institution.entryTermsOn(now))).toEqual(cycle.entryTerms);
    for (const t of institution.entryTermsOn(now)) expect(t.label).toBe(termLabel(t.value));
    vi.useFakeTimers({ now });
    expect((questionFor('entry_term') as ChoiceQuestion).options).toBe(institution.entryTerms);
  });

  it("before the first cycle opens offers that cycle's terms, and the next cycle's from the minute it opens on the institution's clock", () => {
    expect(second.entryTerms).not.toEqual(first.entryTerms);
    expect(values(institution.entryTermsOn(new Date(opening(first) - 86_400_000)))).toEqual(first.entryTerms);
    expect(values(institution.entryTermsOn(new Date(opening(second) - 1_000)))).toEqual(first.entryTerms);
    expect(values(institution.entryTermsOn(new Date(opening(second))))).toEqual(second.entryTerms);
  });

  it('gives the same list object all the cycle long (a stable dropdown)', () => {
    expect(institution.entryTermsOn(new Date(opening(first)))).toBe(institution.entryTermsOn(new Date(opening(second) - 1_000)));
  });

  it('refuses on submission a term the cycle does not offer, in words', () => {
    const now = new Date(opening(first) + 1_000);
    const other = second.entryTerms.find((t) => !first.entryTerms.includes(t))!;
    expect(validateApplication({ entry_term: other }, { now }).entry_term).toEqual([`${termLabel(other)} is no longer open. Please choose another term.`]);
    expect(validateApplication({ entry_term: first.entryTerms[0]! }, { now }).entry_term).toBeUndefined();
  });
});

describe('a stored choice that is no longer offered', () => {
  const now = new Date();

  it('is named in words: "Fall 2020 is no longer open. Please choose another term."', () => {
    const expected = ['Fall 2020 is no longer open. Please choose another term.'];
    expect(validateApplication({ entry_term: '2020FA', entry_term_desc: 'Fall 2020' }, { now }).entry_term).toEqual(expected);
    // Without its stored label the code is still read as a term.
    expect(validateApplication({ entry_term: '2020FA' }, { now }).entry_term).toEqual(expected);
    const open = institution.entryTermsOn(now)[0]!;
    expect(validateApplication({ entry_term: open.value, entry_term_desc: open.label }, { now }).entry_term).toBeUndefined();
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
  it('is January 1 for Spring and August 1 for Fall', () => {
    expect(termStartDay('2027SP')).toBe('2027-01-01');
    expect(termStartDay('2027FA')).toBe('2027-08-01');
  });

  it('is unknown for a code the calendar does not name', () => {
    expect(termStartDay('2027SU')).toBeUndefined();
    expect(termStartDay('')).toBeUndefined();
  });
});
