import { describe, expect, it } from 'vitest';
import { applicationHtml } from '.';

const base = { tabs: {}, addAnother: {}, documents: {} };

describe('the form-model print of an application', () => {
  it('prints answers under their questions, with chosen labels and documents', () => {
    const html = applicationHtml({
      ...base,
      answers: { first_name: 'Ada', last_name: 'Lovelace', gender: 'F', gender_desc: 'Female' },
      documents: { resume: { file_name: 'cv.pdf' } },
    });
    expect(html).toMatch(/First Name<\/div><div class="value">Ada</);
    expect(html).toContain('Female');
    expect(html).toContain('Document attached: cv.pdf');
    expect(html).toContain('About You');
    expect(html).toContain('data-print-ready="true"');
  });

  it('escapes answers, so no answer can inject markup into the renderer', () => {
    const html = applicationHtml({ ...base, answers: { first_name: '<img src=http://169.254.169.254/>' } });
    expect(html).not.toContain('<img src=http');
    expect(html).toContain('&lt;img src=http://169.254.169.254/&gt;');
  });

  it('leaves out content hidden by the answers', () => {
    const shown = applicationHtml({ ...base, answers: { conviction: 'Y', conviction_comment: 'Explained here' } });
    const hidden = applicationHtml({ ...base, answers: { conviction: 'N' } });
    expect(shown).toContain('Explained here');
    const commentLabel = /id="conviction_comment"/;
    expect(shown).toMatch(commentLabel);
    expect(hidden).not.toMatch(commentLabel);
  });

  it('prints the rows of the one printer: the preferred name, no State row for a country without states, dates in words', () => {
    const html = applicationHtml({ ...base, answers: { first_name: 'Jürgen', country: 'DEU', country_desc: 'Germany', birth_date: '2009-05-01' } });
    expect(html).toMatch(/id="preferred_name"><div class="label">Preferred Name<\/div><div class="value"><span class="none">Not answered</);
    expect(html).not.toMatch(/id="state"/);
    expect(html).toContain('May 1, 2009');
    expect(applicationHtml({ ...base, answers: { country: 'USA', state: 'IL', state_desc: 'Illinois' } })).toMatch(/id="state">.*Illinois/);
  });

  it("heads the print with the submission time in the institution's time zone and the reference", () => {
    const html = applicationHtml({ ...base, answers: {}, submittedAt: '2009-05-01T20:04:00.000Z', reference: 'K7M2Q9XH' });
    expect(html).toContain('Submitted May 1, 2009 at 3:04 PM CDT');
    expect(html).toContain('Reference K7M2Q9XH');
  });
});
