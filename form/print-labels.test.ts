import { describe, expect, it } from 'vitest';
import { allQuestions, questionFor, tabGroups } from './model';
import { printApplication, printLabelOf, type PrintInput } from './print';

const rowsOf = (input: PrintInput) => printApplication(input).flatMap((p) => p.sections.flatMap((s) => s.rows));
const row = (input: PrintInput, key: string) => rowsOf(input).find((r) => r.key === key);
const keys = (input: PrintInput) => rowsOf(input).map((r) => r.key);

/** What marks a label as something said to the applicant rather than the name of an answer. */
const PROMPT = [
  /\?/, // a question put to the applicant
  /\.$/, // a sentence
  /\b(you|your|yourself|my|I|I'm)\b/i, // spoken to or by the applicant
  /^(search|select|choose|enter|type|upload|please|yes|no)\b/i, // an instruction or a control's answer
  / \/ /, // two controls' labels run together ("Month / Year")
];

/** The certification and the binding agreement print as the statements they are: what the [X] beside each agreed to. */
const PRINTED_AS_WRITTEN = new Set(['legal_agree', 'binding_agree']);

describe('printed labels read as the office reads them', () => {
  it('every question and tab group prints under the name of its answer, not a prompt', () => {
    const printed = [
      ...allQuestions.filter((q) => !PRINTED_AS_WRITTEN.has(q.key)).map((q) => [q.key, printLabelOf(q)] as const),
      ...[...tabGroups.values()].map((g) => [g.id, printLabelOf(g)] as const),
    ];
    expect(printed.length).toBeGreaterThan(80);
    const prompts = printed.filter(([, label]) => PROMPT.some((p) => p.test(label)));
    expect(prompts).toEqual([]);
  });

  it("keeps the spec's label on screen and prints the name of the answer", () => {
    const input: PrintInput = {
      answers: {
        hs_name: 'Austin East High School',
        entry_term: '2026FA',
        entry_term_desc: 'Fall 2026',
        optin_sms_ind: 'true',
        conviction: 'N',
        conviction_desc: 'No',
      },
    };
    expect(questionFor('hs_name')?.label).toBe('Search for Your School');
    expect(row(input, 'hs_name')).toEqual({ key: 'hs_name', label: 'High School', value: 'Austin East High School' });
    expect(questionFor('entry_term')?.label).toBe('When do you plan to enroll?');
    expect(row(input, 'entry_term')).toMatchObject({ label: 'Entry Term', value: 'Fall 2026' });
    expect(row(input, 'conviction')).toMatchObject({ label: 'Felony Conviction', value: 'No' });
    // A checkbox still prints as the spec has it, [X] or [ ], under its name.
    expect(row(input, 'optin_sms_ind')).toMatchObject({ label: 'Text Message Updates', value: '[X]' });
    expect(row({ answers: {} }, 'race')).toMatchObject({ label: 'Race', value: expect.stringMatching(/^\[ \] Asian$/m) });
    expect(row({ answers: {} }, 'legal_agree')).toMatchObject({ label: expect.stringMatching(/^I certify that/), value: '[ ]' });
  });

  it('names the parent each parent row is about, since the print has no block headings', () => {
    const input: PrintInput = {
      answers: { parent_first_name: 'John', parent_2_first_name: 'Mary', parent_2_addr_same_as_perm_addr: 'N', parent_2_city: 'Knoxville', city: 'Austin' },
      addAnother: { parents: 2 },
    };
    expect(row(input, 'parent_first_name')).toMatchObject({ label: 'Parent/Guardian 1 First Name', value: 'John' });
    expect(row(input, 'parent_2_first_name')).toMatchObject({ label: 'Parent/Guardian 2 First Name', value: 'Mary' });
    expect(row(input, 'parent_2_addr_same_as_perm_addr')).toMatchObject({
      label: "Parent/Guardian 2 Address Same as Applicant's Permanent Address",
      value: 'No',
    });
    expect(row(input, 'parent_2_city')).toMatchObject({ label: 'Parent/Guardian 2 City', value: 'Knoxville' });
    // The applicant's own addresses keep their labels.
    expect(row(input, 'city')).toMatchObject({ label: 'City', value: 'Austin' });
    expect(row({ answers: { mailing_addr_same_as_perm_addr: 'N' } }, 'mailing_city')?.label).toBe('Mailing City');
  });
});

describe('an unanswered alternative is not printed while the other is chosen', () => {
  const notTaken = { act_taken: 'N', act_taken_desc: 'No' };

  it('"not sure yet" ticked: no blank planned date beside it', () => {
    const input: PrintInput = { answers: { ...notTaken, act_taken_unsure: 'true' } };
    expect(row(input, 'act_taken_unsure')).toEqual({ key: 'act_taken_unsure', label: 'ACT Date Undecided', value: '[X]' });
    expect(keys(input)).not.toContain('act_plan_month');
  });

  it('a planned date given: no unticked "not sure yet" beside it', () => {
    const input: PrintInput = { answers: { ...notTaken, act_plan_month: '6', act_plan_month_desc: 'June', act_plan_year: '2027' } };
    expect(row(input, 'act_plan_month')).toEqual({ key: 'act_plan_month', label: 'ACT Planned Date', value: 'June 2027' });
    expect(keys(input)).not.toContain('act_taken_unsure');
    // Half a date is an answer too.
    expect(keys({ answers: { ...notTaken, act_plan_year: '2027' } })).not.toContain('act_taken_unsure');
  });

  it('neither answered, or both: both print', () => {
    expect(row({ answers: notTaken }, 'act_plan_month')).toMatchObject({ label: 'ACT Planned Date', value: '' });
    expect(row({ answers: notTaken }, 'act_taken_unsure')).toMatchObject({ value: '[ ]' });
    // An unticked box stored as 'false' is no answer.
    expect(keys({ answers: { ...notTaken, act_taken_unsure: 'false' } })).toEqual(expect.arrayContaining(['act_plan_month', 'act_taken_unsure']));
    const both = keys({ answers: { ...notTaken, act_taken_unsure: 'true', act_plan_month: '6' } });
    expect(both).toEqual(expect.arrayContaining(['act_plan_month', 'act_taken_unsure']));
  });

  it('the SAT pair works the same, each test on its own', () => {
    const input: PrintInput = { answers: { sat_taken: 'N', sat_taken_unsure: 'true', ...notTaken } };
    expect(keys(input)).not.toContain('sat_plan_month');
    expect(keys(input)).toEqual(expect.arrayContaining(['act_plan_month', 'act_taken_unsure']));
  });

  it('every alternative names a question that names it back', () => {
    const pairs = allQuestions.filter((q) => q.alternativeOf !== undefined);
    expect(pairs.map((q) => q.key).sort()).toEqual(['act_plan_month', 'act_taken_unsure', 'sat_plan_month', 'sat_taken_unsure']);
    for (const q of pairs) expect([q.key, questionFor(q.alternativeOf!)?.alternativeOf]).toEqual([q.key, q.key]);
  });
});
