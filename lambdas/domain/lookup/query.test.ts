import { InputError } from '#form/wire/input';
import { MAX_TEXT_LENGTH, parseFindQuery } from '#form/wire/lookup';

const invalid = (raw: Record<string, string>) => {
  try {
    parseFindQuery(raw);
  } catch (error) {
    if (error instanceof InputError) return error.message;
    throw error;
  }
  throw new Error('expected InputError');
};

describe('GET /lookup/find query', () => {
  it('reads a search', () => {
    expect(parseFindQuery({ text: 'linc', category: 'hs_ceeb', max_results: '3' })).toEqual({
      kind: 'search',
      category: 'hs_ceeb',
      text: 'linc',
      maxResults: 3,
    });
  });

  it('defaults and caps max_results at 5', () => {
    expect(parseFindQuery({ text: 'a', category: 'address' })).toMatchObject({ maxResults: 5 });
    expect(parseFindQuery({ text: 'a', category: 'address', max_results: '500' })).toMatchObject({ maxResults: 5 });
  });

  it('refuses a max_results that is not a positive whole number', () => {
    for (const max_results of ['0', '-1', '2.5', 'five']) expect(invalid({ text: 'a', category: 'hs_ceeb', max_results })).toMatch(/max_results/);
  });

  it('reads a record lookup', () => {
    expect(parseFindQuery({ id: ' 391234 ', category: 'hs_ceeb' })).toEqual({ kind: 'record', category: 'hs_ceeb', id: '391234' });
  });

  it('names the categories when the category is unknown or missing', () => {
    expect(invalid({ text: 'a', category: 'pets' })).toBe('Unknown lookup category "pets": use one of hs_ceeb, college_ceeb, address.');
    expect(invalid({ text: 'a' })).toMatch(/category is required.*hs_ceeb, college_ceeb, address/);
  });

  it('refuses over-long text', () => {
    expect(parseFindQuery({ text: 'x'.repeat(MAX_TEXT_LENGTH), category: 'hs_ceeb' })).toMatchObject({ kind: 'search' });
    expect(invalid({ text: 'x'.repeat(MAX_TEXT_LENGTH + 1), category: 'hs_ceeb' })).toMatch(/longer than 100/);
  });

  it('needs exactly one of text and id', () => {
    expect(invalid({ category: 'hs_ceeb' })).toMatch(/text .* or id/);
    expect(invalid({ category: 'hs_ceeb', text: 'a', id: '1' })).toMatch(/not both/);
    expect(invalid({ category: 'hs_ceeb', id: ' ' })).toMatch(/id must not be empty/);
  });
});
