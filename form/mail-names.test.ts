import { describe, expect, it } from 'vitest';
import { isMailableName, isMailableSchool, MAIL_NAME_MESSAGES, MAIL_NAME_PAGES } from './mail-names';
import { getPage, questionPage } from './model';

const pageTitleOf = (key: string) => getPage(questionPage(key)!).title;

describe('names an e-mail may carry', () => {
  it('name the pages the applicant corrects them on by their titles', () => {
    expect(pageTitleOf('first_name')).toBe(MAIL_NAME_PAGES.name);
    expect(pageTitleOf('last_name')).toBe(MAIL_NAME_PAGES.name);
    expect(pageTitleOf('hs_name')).toBe(MAIL_NAME_PAGES.school);
    expect(MAIL_NAME_MESSAGES.applicantName).toContain(MAIL_NAME_PAGES.name);
    expect(MAIL_NAME_MESSAGES.school).toContain(MAIL_NAME_PAGES.school);
  });

  it('take letters of any script, spaces, hyphens and apostrophes, up to 50 characters, and nothing a mail client links', () => {
    for (const name of ['Ada', 'Mary-Jane', 'O\u2019Brien', "D'Angelo", 'Jos\u00e9 Mar\u00eda', '\u674e\u5c0f\u9f99', 'A'.repeat(50)])
      expect(isMailableName(name), name).toBe(true);
    for (const name of ['', 'A'.repeat(51), 'evil.example', 'https://evil.example', 'Ada 2', '-Ada', "Ada'", 'Ada\nBob', 'Ada  <b>'])
      expect(isMailableName(name), name).toBe(false);
  });

  it('take a school\u2019s usual marks, but no web address', () => {
    for (const school of ['', 'St. Mary\u2019s H.S. #2', 'Jr./Sr. High (North)', 'P.S. 187', 'S'.repeat(100)])
      expect(isMailableSchool(school), school).toBe(true);
    for (const school of ['www.evil.example', 'Central evil.example/x', 'http://x', 'Central: call', 'S'.repeat(101), '(Central)'])
      expect(isMailableSchool(school), school).toBe(false);
  });
});
