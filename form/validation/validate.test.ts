/**
 * The application's validation runs the rule table without yup (./validate.ts); the yup schemas
 * (./schema.ts) run the same rules. Both must report the same problems, in the same order, for
 * answers of every kind: a blank application, a valid one and one wrong in many ways at once.
 */
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { collectErrors } from '../collect-errors';
import { allAnswerKeys } from '../data-model';
import { institution } from '../institution';
import { pageAnswerKeys, pages } from '../model';
import type { FieldErrors, ValidateOptions } from '../types';
import { visibleKeys } from '../visibility';
import { applicationSchema, pageSchema, type AnswersSchema } from './schema';
import { validateApplication, validatePage } from './validate';

const NOW = new Date(2025, 5, 15, 12, 0, 0);
const ORDER = new Map(pages.flatMap((p) => pageAnswerKeys(p)).map((k, i) => [k, i]));

/** What the yup schema reports, as validateApplication reported it when it ran the schema. */
function yupErrors(schema: AnswersSchema, answers: Record<string, string>, opts: ValidateOptions): FieldErrors {
  const input = Object.fromEntries(allAnswerKeys.map((k) => [k, answers[k] ?? '']));
  try {
    schema.validateSync(input, { abortEarly: false, strict: true, context: { now: opts.now, visible: visibleKeys(input, opts) } });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors = collectErrors(error);
    return Object.fromEntries(
      Object.keys(errors)
        .sort((a, b) => (ORDER.get(a) ?? 0) - (ORDER.get(b) ?? 0))
        .map((k) => [k, errors[k] as string[]]),
    );
  }
}

const VALID: Record<string, string> = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  birth_date: '2007-03-01',
  gender: 'F',
  phone_home: '(212) 555-0100',
  phone_emergency: '(312) 555-0199',
  country: 'USA',
  address_line_1: '1 Main St',
  city: 'Chicago',
  state: 'IL',
  zip: '60601',
  citizenship_type: 'US',
  entry_term: institution.entryTermsOn(NOW)[0]!.value,
  applied_major: 'CS',
  hs_name: 'Lincoln High School',
  test_optional: 'N',
  conviction: 'N',
  suspended: 'N',
  counselor_waiver_request: 'Y',
  legal_agree: 'true',
};
const WRONG: Record<string, string> = {
  ...VALID,
  first_name: '',
  middle_name: 'x'.repeat(46),
  birth_date: '2030-01-01',
  phone_home: '555',
  phone_mobile: '',
  zip: '',
  state: 'ON',
  state_desc: 'Ontario',
  mailing_addr_same_as_perm_addr: 'N',
  citizenship_type: 'PR',
  sat_taken: 'Y',
  sat_score_math: '801',
  sat_score_reading_writing: '',
  act_taken: 'Y',
  act_score_composite: '40',
  grad_month: '13',
  grad_year: '1900',
  conviction: 'Y',
  conviction_comment: '',
  legal_agree: 'yes',
  counselor_email_address: 'not an address',
  entry_term: '2019FA',
  city: 'Chennai \u0007',
};

describe('validation without yup', () => {
  it.each([
    ['a blank application', {}],
    ['a valid application', VALID],
    ['an application wrong in many ways', WRONG],
  ])('reports what the yup schemas report for %s', (_name, answers: Record<string, string>) => {
    expect(validateApplication(answers, { now: NOW })).toEqual(yupErrors(applicationSchema(), answers, { now: NOW }));
    for (const page of pages) {
      expect(validatePage(page.id, answers, { now: NOW })).toEqual(yupErrors(pageSchema(page.id), answers, { now: NOW }));
    }
    // Same keys in the same order, not only the same map.
    expect(Object.keys(validateApplication(answers, { now: NOW }))).toEqual(Object.keys(yupErrors(applicationSchema(), answers, { now: NOW })));
  });

  it('finds many problems in the wrong application (the comparison above is not of two empty maps)', () => {
    expect(Object.keys(validateApplication(WRONG, { now: NOW })).length).toBeGreaterThan(10);
  });
});
