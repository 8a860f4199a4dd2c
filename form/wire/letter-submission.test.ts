import { describe, expect, it } from 'vitest';
import { InputError } from './input';
import { parseLetterSubmission } from './recommendations';

const TOKEN = 'A'.repeat(32);
const details = { relationship: 'Her chemistry teacher', known_since: '2024', comments: '' };
const NOW = new Date('2026-11-29T12:00:00Z');

function refusal(body: Record<string, unknown>): Record<string, readonly string[] | undefined> {
  try {
    parseLetterSubmission({ token: TOKEN, ...details, ...body }, NOW);
  } catch (error) {
    if (error instanceof InputError) return error.errors ?? {};
    throw error;
  }
  throw new Error('accepted');
}

describe("the recommender's letter as the server takes it", () => {
  it('names a missing letter once, in words', () => {
    expect(refusal({ file_key: '', file_name: '' })).toEqual({ file_key: ['Upload your letter before submitting.'] });
  });

  it('takes an ordinary long file name, up to 255 characters, stored sanitised', () => {
    const ordinary = parseLetterSubmission({ token: TOKEN, ...details, file_key: 'k', file_name: 'Recommendation_Ottoline_Brackwater_2026.pdf' }, NOW);
    expect(ordinary.fileName).toBe('Recommendation_Ottoline_Brackwater_2026.pdf');
    expect(parseLetterSubmission({ token: TOKEN, ...details, file_key: 'k', file_name: `${'a'.repeat(251)}.pdf` }, NOW).fileName).toHaveLength(255);
    expect(parseLetterSubmission({ token: TOKEN, ...details, file_key: 'k', file_name: 'C:\\letters\\"Letter" <final>.pdf' }, NOW).fileName).toBe(
      'Letter final.pdf',
    );
    expect(refusal({ file_key: 'k', file_name: `${'a'.repeat(252)}.pdf` }).file_name).toEqual([
      'The name of your file is too long. File name can have a maximum of 255 characters, including the extension.',
    ]);
  });
});
