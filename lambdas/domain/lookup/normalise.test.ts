import { aliasesOf, normalise, tokenize } from './normalise';

describe('lookup text normalisation', () => {
  it('ignores case, accents and punctuation', () => {
    expect(normalise('  SAINT-Thérèse  Académie!! ')).toBe('saint therese academie');
    expect(normalise('Mayagüez')).toBe(normalise('mayaguez'));
  });

  it('joins apostrophes instead of splitting on them', () => {
    expect(tokenize("St. Mary’s O'Connor")).toEqual(['st', 'marys', 'oconnor']);
  });

  it('folds letters that decomposition leaves alone', () => {
    expect(normalise('Straße Øster Łódź Æther')).toBe('strasse oster lodz aether');
  });

  it('spells & as "and"', () => {
    expect(tokenize('Science & Technology')).toEqual(['science', 'and', 'technology']);
  });

  it('gives no tokens for text with no letters or digits', () => {
    expect(tokenize(' .,;- ')).toEqual([]);
  });

  it('knows common abbreviations both ways', () => {
    expect(aliasesOf('st')).toContain('saint');
    expect(aliasesOf('saint')).toContain('st');
    expect(aliasesOf('lincoln')).toEqual([]);
  });
});
