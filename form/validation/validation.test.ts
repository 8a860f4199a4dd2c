import { describe, expect, it } from 'vitest';
import { institution } from '../institution';
import { validateApplication, validatePage } from './schema';

// Local noon, 15 June 2025: dates in the rows below are relative to it.
const NOW = new Date(2025, 5, 15, 12, 0, 0);

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
  // The terms offered on NOW: the validators read the options of the day they are given.
  entry_term: institution.entryTermsOn(NOW)[0]!.value,
  applied_major: 'CS',
  hs_name: 'Lincoln High School',
  test_optional: 'N',
  conviction: 'N',
  suspended: 'N',
  counselor_waiver_request: 'Y',
  legal_agree: 'true',
};

const errorsFor = (patch: Record<string, string>) => validateApplication({ ...VALID, ...patch }, { now: NOW });

const SAT_RW = 'Please provide a valid SAT Evidence-Based Reading and Writing Score. The score must be between 200 and 800 in an increment of 10 (e.g., 570).';
const SAT_MATH = 'Please provide a valid SAT Math Score. The score must be between 200 and 800 in an increment of 10 (e.g., 570).';
const act = (s: string) => `Please provide a valid ACT ${s} Score. The score must be between 1 and 36.`;

describe('validateApplication', () => {
  it('a complete application has no problems', () => {
    expect(validateApplication(VALID, { now: NOW })).toEqual({});
  });

  it.each([
    ['first_name', 'First Name'],
    ['last_name', 'Last Name'],
    ['gender', 'Gender'],
    ['address_line_1', 'Address'],
    ['city', 'City'],
    ['country', 'Country'],
    ['citizenship_type', 'Citizen Type'],
    ['entry_term', 'When do you plan to enroll?'],
    ['applied_major', 'What are you interested in studying?'],
    ['hs_name', 'Search for Your School'],
    ['test_optional', 'Do you want standardized test scores (ACT/SAT) to be considered in your admission decision?'],
    ['conviction', 'Have you been convicted of a felony?'],
    ['suspended', 'Have you been suspended from any school?'],
    ['counselor_waiver_request', 'I waive my right to review or access letters and statements of recommendation written on my behalf.'],
    ['birth_date', 'Date of Birth'],
  ])('a blank %s is required with the message "%s"', (key, message) => {
    expect(errorsFor({ [key]: '' })[key]).toEqual([message]);
  });

  it.each(['', 'false'])('legal_agree %j must be true: the message is the certification label', (value) => {
    const messages = errorsFor({ legal_agree: value }).legal_agree ?? [];
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/^I certify that the information on this application is complete and correct/);
  });

  // One row per rule and boundary: [what, patch, key, messages (empty: valid)].
  it.each<[string, Record<string, string>, string, string[]]>([
    ['birth date not a date', { birth_date: 'soon' }, 'birth_date', ['A valid date of birth is required.']],
    ['birth date impossible day', { birth_date: '2007-02-30' }, 'birth_date', ['A valid date of birth is required.']],
    ['birth date exactly 13 years back', { birth_date: '2012-06-15' }, 'birth_date', []],
    ['birth date one day before 13 years back', { birth_date: '2012-06-14' }, 'birth_date', []],
    ['birth date one day after 13 years back', { birth_date: '2012-06-16' }, 'birth_date', ['You must be 13 years or older to apply.']],
    ['birth date exactly 81 years back', { birth_date: '1944-06-15' }, 'birth_date', []],
    ['birth date one day after 81 years back', { birth_date: '1944-06-16' }, 'birth_date', []],
    [
      'birth date one day before 81 years back',
      { birth_date: '1944-06-14' },
      'birth_date',
      ['This date is not supported. Please contact help support for assistance.'],
    ],
    ['home phone area code 1', { phone_home: '(123) 555-0100' }, 'phone_home', ['Please enter a valid home phone number.']],
    ['home phone exchange 1', { phone_home: '(212) 155-0100' }, 'phone_home', ['Please enter a valid home phone number.']],
    ['home phone unmasked', { phone_home: '2125550100' }, 'phone_home', ['Please enter a valid home phone number.']],
    ['cell phone area code 0', { phone_mobile: '(012) 555-0100' }, 'phone_mobile', ['Please enter a valid cell phone number.']],
    ['cell phone alone is enough', { phone_home: '', phone_mobile: '(212) 555-0101' }, 'phone_home', []],
    ['no home and no cell phone (home)', { phone_home: '', phone_mobile: '' }, 'phone_home', ['Please enter either a home phone or cell phone number.']],
    ['no home and no cell phone (cell)', { phone_home: '', phone_mobile: '' }, 'phone_mobile', ['Please enter either a home phone or cell phone number.']],
    ['text updates without a cell phone', { optin_sms_ind: 'true' }, 'phone_mobile', ['A cell phone number is required to receive text message updates.']],
    ['no text updates, no cell phone', { optin_sms_ind: 'false' }, 'phone_mobile', []],
    ['text updates with a cell phone', { optin_sms_ind: 'true', phone_mobile: '(212) 555-0101' }, 'phone_mobile', []],
    ['emergency phone blank', { phone_emergency: '' }, 'phone_emergency', ['Please enter an emergency contact phone number.']],
    ['emergency phone invalid', { phone_emergency: '(555) 123-4567' }, 'phone_emergency', ['Please enter a valid emergency contact phone number.']],
    ['state blank for USA', { state: '' }, 'state', ['State/Province']],
    ['state blank for CAN', { country: 'CAN', state: '', zip: '' }, 'state', ['State/Province']],
    ['state blank elsewhere', { country: 'MEX', state: '', zip: '' }, 'state', []],
    ['zip of 4 for USA', { zip: '6060' }, 'zip', ['ZIP/Postal Code must be at least 5 characters.']],
    ['zip of 5 for USA', { zip: '60601' }, 'zip', []],
    ['zip blank for USA', { zip: '' }, 'zip', ['ZIP/Postal Code', 'ZIP/Postal Code must be at least 5 characters.']],
    ['zip of 4 for CAN', { country: 'CAN', state: 'ON', zip: 'K1A0' }, 'zip', []],
    ['zip of 5 for CAN', { country: 'CAN', state: 'ON', zip: 'K1A0B' }, 'zip', []],
    ['zip blank for CAN', { country: 'CAN', state: 'ON', zip: '' }, 'zip', []],
    ...(
      [
        ['2021-12-31', ['The minimum supported year is 2022']],
        ['2022-01-01', []],
        ['2028-12-31', []],
        ['2029-01-01', ['The maximum supported year is 2028']],
        ['2029-02-30', []],
      ] as const
    ).map(([d, m]): [string, Record<string, string>, string, string[]] => [
      `mailing effective date ${d}`,
      { mailing_addr_same_as_perm_addr: 'N', mailing_addr_effective_date: d },
      'mailing_addr_effective_date',
      [...m],
    ]),
    ['parent 1 e-mail', { parent_email: 'mom@' }, 'parent_email', ['Parent 1/Guardian 1: Please enter a valid email address.']],
    ['parent 2 e-mail', { parent_2_email: 'dad at home' }, 'parent_2_email', ['Parent 2/Guardian 2: Please enter a valid email address.']],
    ['parent 1 phone', { phone_parent: '555-0100' }, 'phone_parent', ['Parent 1/Guardian 1: Please enter a valid phone number.']],
    ['parent 2 phone', { phone_2_parent: '(212) 055-0100' }, 'phone_2_parent', ['Parent 2/Guardian 2: Please enter a valid phone number.']],
    ['parent 1 valid', { parent_email: 'mom@example.com', phone_parent: '(212) 555-0102' }, 'parent_email', []],
    ['counselor e-mail', { counselor_email_address: 'counselor@school' }, 'counselor_email_address', ['The counselor email address you entered is invalid.']],
    ['SAT 190', { sat_taken: 'Y', sat_score_reading_writing: '190', sat_score_math: '600' }, 'sat_score_reading_writing', [SAT_RW]],
    ['SAT 200', { sat_taken: 'Y', sat_score_reading_writing: '200', sat_score_math: '600' }, 'sat_score_reading_writing', []],
    ['SAT 205', { sat_taken: 'Y', sat_score_reading_writing: '205', sat_score_math: '600' }, 'sat_score_reading_writing', [SAT_RW]],
    ['SAT 800', { sat_taken: 'Y', sat_score_reading_writing: '800', sat_score_math: '600' }, 'sat_score_reading_writing', []],
    ['SAT 810', { sat_taken: 'Y', sat_score_reading_writing: '810', sat_score_math: '600' }, 'sat_score_reading_writing', [SAT_RW]],
    ['SAT math 810', { sat_taken: 'Y', sat_score_reading_writing: '600', sat_score_math: '810' }, 'sat_score_math', [SAT_MATH]],
    ['SAT math blank when taken', { sat_taken: 'Y', sat_score_reading_writing: '600' }, 'sat_score_math', [SAT_MATH]],
    ['SAT not taken', { sat_taken: 'N', sat_score_math: '810' }, 'sat_score_math', []],
    ...(['Composite', 'English', 'Math', 'Reading', 'Science'] as const).flatMap((s) => {
      const key = `act_score_${s.toLowerCase()}`;
      const others = {
        act_taken: 'Y',
        act_score_composite: '20',
        act_score_english: '20',
        act_score_math: '20',
        act_score_reading: '20',
        act_score_science: '20',
      };
      return (
        [
          ['0', [act(s)]],
          ['1', []],
          ['36', []],
          ['37', [act(s)]],
        ] as const
      ).map(([v, m]): [string, Record<string, string>, string, string[]] => [`ACT ${s} ${v}`, { ...others, [key]: v }, key, [...m]]);
    }),
    ['ACT not taken', { act_taken: 'N', act_score_math: '37' }, 'act_score_math', []],
    ['conviction Y without comment', { conviction: 'Y' }, 'conviction_comment', ['You answered Yes to having been convicted of a felony. Please explain.']],
    ['conviction Y with comment', { conviction: 'Y', conviction_comment: 'It was long ago.' }, 'conviction_comment', []],
    ['conviction N, no comment needed', { conviction: 'N' }, 'conviction_comment', []],
    ['suspended Y without comment', { suspended: 'Y' }, 'suspended_comment', ['You answered Yes to having been suspended from any school. Please explain.']],
    ['suspended N', { suspended: 'N' }, 'suspended_comment', []],
  ])('%s', (_what, patch, key, messages) => {
    const errors = errorsFor(patch);
    if (messages.length === 0) expect(errors[key]).toBeUndefined();
    else expect(errors[key]).toEqual(messages);
  });

  it('a hidden question is never required or checked', () => {
    // Mailing window and SAT scores only apply while their content is shown.
    const errors = errorsFor({
      mailing_addr_same_as_perm_addr: 'Y',
      mailing_addr_effective_date: '1999-01-01',
      sat_taken: '',
      sat_score_math: '5',
    });
    expect(errors).toEqual({});
  });

  it('text longer than its limit is refused with the library message', () => {
    expect(errorsFor({ middle_name: 'x'.repeat(46) }).middle_name).toEqual(['must be at most 45 characters']);
    expect(errorsFor({ conviction: 'Y', conviction_comment: 'x'.repeat(7001) }).conviction_comment).toEqual(['must be at most 7000 characters']);
    expect(errorsFor({ conviction: 'Y', conviction_comment: 'x'.repeat(7000) }).conviction_comment).toBeUndefined();
  });

  it('stored values outside the options are refused', () => {
    // In words, never the option codes: a stored label names the choice, else a general sentence.
    expect(errorsFor({ conviction: 'yes' }).conviction).toEqual(['Please choose one of the listed answers.']);
    expect(errorsFor({ legal_agree: 'yes' }).legal_agree).toContain('Please check or uncheck this box.');
    expect(errorsFor({ state: 'ON' }).state).toEqual(['Please choose one of the listed answers.']);
    expect(errorsFor({ state: 'ON', state_desc: 'Ontario' }).state).toEqual(['Ontario is not one of the choices. Please choose another.']);
    expect(errorsFor({ grad_month: '13', grad_year: '1900' })).toMatchObject({
      grad_month: ['Please choose a month from the list.'],
      grad_year: ['1900 is not one of the years offered. Please choose another year.'],
    });
  });

  it('non-string answers count as unanswered', () => {
    expect(validateApplication({ ...VALID, first_name: 42 }, { now: NOW }).first_name).toEqual(['First Name']);
  });

  it('reports errors in the order of the form', () => {
    const keys = Object.keys(validateApplication({}, { now: NOW }));
    expect(keys.indexOf('first_name')).toBeLessThan(keys.indexOf('entry_term'));
    expect(keys.indexOf('entry_term')).toBeLessThan(keys.indexOf('legal_agree'));
  });
});

describe('validatePage', () => {
  it('reports only the questions of that page', () => {
    const answers = { ...VALID, first_name: '', hs_name: '', conviction: '' };
    expect(Object.keys(validatePage('about', answers, { now: NOW }))).toEqual(['first_name']);
    expect(Object.keys(validatePage('education-ug', answers, { now: NOW }))).toEqual(['hs_name']);
    expect(Object.keys(validatePage('final-steps', answers, { now: NOW }))).toEqual(['conviction']);
  });

  it('birth date rules move with "now"', () => {
    const answers = { ...VALID, birth_date: '2012-06-16' };
    expect(validatePage('about', answers, { now: NOW }).birth_date).toBeDefined();
    expect(validatePage('about', answers, { now: new Date(2025, 5, 16, 12) }).birth_date).toBeUndefined();
  });
});
