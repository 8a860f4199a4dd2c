import { describe, expect, it } from 'vitest';
import { dateInWords, printApplication, printHeaderLines, submittedAtInWords, type PrintInput } from './print';

const rowsOf = (input: PrintInput) => printApplication(input).flatMap((p) => p.sections.flatMap((s) => s.rows));
const row = (input: PrintInput, key: string) => rowsOf(input).find((r) => r.key === key);

describe('the printer of an application', () => {
  it('prints dates in words', () => {
    expect(dateInWords('2009-05-01')).toBe('May 1, 2009');
    expect(row({ answers: { birth_date: '2009-05-01' } }, 'birth_date')?.value).toBe('May 1, 2009');
    expect(row({ answers: { mailing_addr_same_as_perm_addr: 'N', mailing_addr_effective_date: '2026-12-31' } }, 'mailing_addr_effective_date')?.value).toBe(
      'December 31, 2026',
    );
  });

  it("prints a country by its English name (the model's options carry its code)", () => {
    expect(row({ answers: { country: 'CAN' } }, 'country')?.value).toBe('Canada');
    expect(row({ answers: { citizenship_type: 'NR', citizenship_country: 'MEX' } }, 'citizenship_country')?.value).toBe('Mexico');
    expect(row({ answers: { hs_country: 'USA' } }, 'hs_country')?.value).toBe('United States');
  });

  it('prints a State/Province row only for a country with states', () => {
    expect(row({ answers: { country: 'USA', state: 'IL', state_desc: 'Illinois' } }, 'state')?.value).toBe('Illinois');
    expect(row({ answers: { country: 'CAN' } }, 'state')).toMatchObject({ label: 'State/Province', value: '' });
    expect(row({ answers: { country: 'DEU' } }, 'state')).toBeUndefined();
    expect(row({ answers: {} }, 'state')).toBeUndefined();
  });

  it("prints the model's label of a choice, never the stored label the browser sent", () => {
    const forged = {
      applied_major: 'CS',
      applied_major_desc: 'Nursing',
      applied_concentration: 'FIN',
      grad_month: '5',
      grad_month_desc: 'Never',
      grad_year: '2027',
    };
    expect(row({ answers: forged }, 'applied_major')?.value).toBe('Computer Science');
    expect(
      row({ answers: { applied_major: 'BUS', applied_concentration: 'FIN', applied_concentration_desc: 'Nursing' } }, 'applied_concentration')?.value,
    ).toBe('Finance');
    expect(row({ answers: forged }, 'grad_month')?.value).toBe('May 2027');
    // A code the model does not know prints as the code.
    expect(row({ answers: { applied_major: 'XYZ', applied_major_desc: 'Nursing' } }, 'applied_major')?.value).toBe('XYZ');
  });

  it('prints the preferred name, answered or not', () => {
    expect(row({ answers: { preferred_name: 'Addie' } }, 'preferred_name')?.value).toBe('Addie');
    expect(row({ answers: {} }, 'preferred_name')).toMatchObject({ label: 'Preferred Name', value: '' });
  });

  it('leaves out add-another blocks that hold no answer, whatever the stored count', () => {
    const keys = (input: PrintInput) => rowsOf(input).map((r) => r.key);
    const two = keys({ answers: { activity_name: 'Chess', activity_3_name: 'Robotics' }, addAnother: { activities: 4 } });
    expect(two).toContain('activity_name');
    expect(two).toContain('activity_3_name');
    expect(two.some((k) => k.startsWith('activity_2_') || k.startsWith('activity_4_'))).toBe(false);
    expect(keys({ answers: {}, addAnother: { activities: 3 } }).some((k) => k.startsWith('activity_'))).toBe(false);
    // A second parent's block prints once it holds an answer.
    expect(keys({ answers: { parent_2_first_name: 'Mary' }, addAnother: { parents: 2 } })).toContain('parent_2_first_name');
  });

  it('names the chosen tab where its content does not speak for it, and prints only its content', () => {
    const counselor: PrintInput = { answers: {}, tabs: { transcript_source: 'counselor' } };
    expect(row(counselor, 'transcript_source')).toEqual({ key: 'transcript_source', label: 'High School Transcript', value: 'Sent by the school counselor' });
    expect(row(counselor, 'hs_transcript')).toBeUndefined();
    // The upload tab says nothing the document row does not: one row, called by the question.
    expect(row({ answers: {} }, 'transcript_source')).toBeUndefined();
    expect(row({ answers: {} }, 'hs_transcript')).toEqual({ key: 'hs_transcript', label: 'High School Transcript', value: 'No document attached' });
    expect(rowsOf({ answers: {} }).some((r) => /Upload my transcript|My counselor will send it/.test(r.value))).toBe(false);
    expect(row({ answers: {}, documents: { hs_transcript: { file_name: 't.png', file_size: 2048, status: 'COMPLETED' } } }, 'hs_transcript')?.value).toBe(
      'Document attached: t.png (2.0 KB)',
    );
    expect(row({ answers: {}, documents: { hs_transcript: { file_name: 't.png', status: 'FAILED' } } }, 'hs_transcript')?.value).toBe('No document attached');
  });

  it('prints choices by their labels, month/year questions in words, checkboxes as [X]/[ ]', () => {
    const input: PrintInput = { answers: { gender: 'F', grad_month: '6', grad_year: '2027', race_asian: 'true', optin_sms_ind: 'true' } };
    expect(row(input, 'gender')?.value).toBe('Female');
    expect(row(input, 'grad_month')).toMatchObject({ label: 'Graduation Date', value: 'June 2027' });
    expect(row(input, 'race')?.value).toMatch(/^\[X\] Asian$/m);
    expect(row(input, 'optin_sms_ind')?.value).toBe('[X]');
  });

  it('on screen, says boxes in words: Yes or No, the chosen labels of a group, nothing (Not answered) when none is chosen', () => {
    const input: PrintInput = { answers: { race_asian: 'true', race_white: 'true', optin_sms_ind: 'true' }, boxes: 'words' };
    expect(row(input, 'race')?.value).toBe('Asian\nWhite');
    expect(row(input, 'optin_sms_ind')?.value).toBe('Yes');
    expect(row({ answers: { optin_sms_ind: 'false' }, boxes: 'words' }, 'optin_sms_ind')?.value).toBe('No');
    expect(row({ answers: {}, boxes: 'words' }, 'race')?.value).toBe('');
    // The print keeps the spec's marks.
    expect(row({ answers: {} }, 'race')?.value).toMatch(/^\[ \] Asian$/m);
  });

  it("heads the print with the submission time in the institution's time zone and the reference", () => {
    expect(submittedAtInWords('2009-05-01T20:04:00Z', 'America/Chicago')).toBe('May 1, 2009 at 3:04 PM CDT');
    expect(submittedAtInWords('2009-12-01T20:04:00Z', 'America/Chicago')).toBe('December 1, 2009 at 2:04 PM CST');
    expect(printHeaderLines({ submittedAt: '2009-05-01T20:04:00Z', reference: 'K7M2Q9XH' })).toEqual([
      'Submitted May 1, 2009 at 3:04 PM CDT',
      'Reference K7M2Q9XH',
    ]);
    expect(printHeaderLines({})).toEqual([]);
  });
});
