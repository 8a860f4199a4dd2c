import { school } from './fixtures.test-support';
import type { LookupRecord } from './records';
import { SearchIndex } from './search-index';

const names = (index: SearchIndex, text: string, max = 5) => index.searchRecords(text, max).map((r) => r.name);

describe('lookup ranking', () => {
  it('puts name prefix matches before matches on the city', () => {
    const inCity = school('Central High School', 'Lincoln', 'NE');
    const named = school('Lincoln High School', 'Omaha', 'NE');
    const index = new SearchIndex('hs_ceeb', [inCity, named]);
    expect(names(index, 'linc')).toEqual(['Lincoln High School', 'Central High School']);
  });

  it('prefers labels that begin with the query over a later word', () => {
    const index = new SearchIndex('hs_ceeb', [school('Abraham Lincoln High School'), school('Lincoln Academy'), school('Lincolnshire Prep')]);
    expect(names(index, 'linc')).toEqual(['Lincoln Academy', 'Lincolnshire Prep', 'Abraham Lincoln High School']);
    // A whole word typed outranks a longer word it begins, wherever it stands.
    expect(names(index, 'lincoln')).toEqual(['Lincoln Academy', 'Abraham Lincoln High School', 'Lincolnshire Prep']);
  });

  it('ranks an exact word above a longer word it begins', () => {
    const index = new SearchIndex('hs_ceeb', [school('Parkside School'), school('Park School')]);
    expect(names(index, 'park')).toEqual(['Park School', 'Parkside School']);
  });

  it('requires every query word to match, in any order', () => {
    const index = new SearchIndex('hs_ceeb', [school('Lincoln High School'), school('Lincoln Middle School'), school('Washington High School')]);
    expect(names(index, 'high linc')).toEqual(['Lincoln High School']);
  });

  it('narrows by city after the name', () => {
    const erie = school('Central High School', 'Erie', 'PA');
    const tulsa = school('Central High School', 'Tulsa', 'OK');
    const index = new SearchIndex('hs_ceeb', [erie, tulsa]);
    expect(index.searchRecords('central tul', 5)).toEqual([tulsa]);
    expect(index.searchRecords('central ok', 5)).toEqual([tulsa]);
  });

  it('ignores case, accents and punctuation in the query and the data', () => {
    const index = new SearchIndex('hs_ceeb', [school("St. Thérèse's Academy")]);
    for (const q of ['st thereses', 'ST. THÉRÈSE', 'saint therese', 'therese']) expect(names(index, q)).toEqual(["St. Thérèse's Academy"]);
  });

  it('returns at most the number asked for', () => {
    const index = new SearchIndex(
      'hs_ceeb',
      Array.from({ length: 20 }, (_, i) => school(`Lincoln School ${i}`)),
    );
    expect(index.searchRecords('lincoln', 5)).toHaveLength(5);
    expect(index.searchRecords('lincoln', 2)).toHaveLength(2);
  });

  it('breaks ties deterministically: shorter label, then alphabetical, then id', () => {
    const b = school('Lincoln Bay');
    const a = school('Lincoln Ash');
    const long = school('Lincoln Academy');
    const index = new SearchIndex('hs_ceeb', [long, b, a]);
    expect(names(index, 'lincoln')).toEqual(['Lincoln Ash', 'Lincoln Bay', 'Lincoln Academy']);
  });

  it('finds nothing for an empty or unmatched query', () => {
    const index = new SearchIndex('hs_ceeb', [school('Lincoln High School')]);
    expect(index.searchRecords('', 5)).toEqual([]);
    expect(index.searchRecords(' - ', 5)).toEqual([]);
    expect(index.searchRecords('zebra', 5)).toEqual([]);
  });

  it('searches addresses by street line, then city and zip', () => {
    const main = { ...school(''), address_line_1: '12 Main Street', city: 'Erie', zip: '16501' };
    const other = { ...school(''), address_line_1: '40 Oak Avenue', city: 'Mainville', zip: '16502' };
    const index = new SearchIndex('address', [other, main]);
    expect(index.searchRecords('main', 5)).toEqual([main, other]);
    expect(index.searchRecords('16502', 5)).toEqual([other]);
    expect(index.search('12 main', 5)[0]).toEqual({ text: '12 Main Street', id: main.id, sub_text: 'Erie, PA 16501' });
  });

  it('keeps the first of two records with the same id', () => {
    const first = school('First School');
    const index = new SearchIndex('hs_ceeb', [first, { ...first, name: 'Second School' }]);
    expect(index.size).toBe(1);
    expect(index.get(first.id)?.name).toBe('First School');
  });
});

describe('lookup typo tolerance', () => {
  const lincoln = school('Lincoln High School');
  const jefferson = school('Jefferson Academy');
  const index = new SearchIndex('hs_ceeb', [lincoln, jefferson, school('Lincolnwood School')]);

  it.each(['linclon', 'lincln', 'linkoln', 'lincolnn', 'jeffreson', 'jeferson'])('finds the school despite one typo: %s', (q) => {
    expect(index.searchRecords(q, 5).length).toBeGreaterThan(0);
  });

  it('tolerates a typo in an earlier, finished word', () => {
    expect(names(index, 'linclon high')).toEqual(['Lincoln High School']);
  });

  it('takes a finished word that exists as meant, not as a typo of another', () => {
    const both = new SearchIndex('hs_ceeb', [school('Marion High School'), school('Marian Academy')]);
    expect(names(both, 'marion high')).toEqual(['Marion High School']);
    expect(names(both, 'marion')).toEqual(['Marion High School', 'Marian Academy']);
  });

  it('tolerates a typo in a word still being typed', () => {
    expect(names(index, 'jefer')).toEqual(['Jefferson Academy']);
  });

  it('does not forgive typos in short words', () => {
    expect(names(index, 'linx')).toEqual([]);
  });

  it('does not forgive two typos', () => {
    expect(names(index, 'lnicloln')).toEqual([]);
  });

  it('ranks an exact match above a typo match', () => {
    const exact = school('Lincon Prep');
    const both = new SearchIndex('hs_ceeb', [lincoln, exact]);
    expect(names(both, 'lincon')).toEqual(['Lincon Prep', 'Lincoln High School']);
  });
});

describe('lookup index scale', () => {
  it('leaves no state behind between searches', () => {
    const records: LookupRecord[] = Array.from({ length: 300 }, (_, i) =>
      school(`School ${i % 7 === 0 ? 'Lincoln' : 'Adams'} ${i}`, i % 2 ? 'Erie' : 'Lincoln'),
    );
    const index = new SearchIndex('hs_ceeb', records);
    const first = index.searchRecords('lincoln erie', 5).map((r) => r.id);
    index.searchRecords('adams', 5);
    index.searchRecords('lincoln', 5);
    expect(index.searchRecords('lincoln erie', 5).map((r) => r.id)).toEqual(first);
  });
});
