import fc from 'fast-check';
import { prefixWithinOneEdit, withinOneEdit } from './fuzzy';

/** Reference: the textbook optimal-string-alignment distance. */
function osaDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

describe('one-typo matching', () => {
  it.each([
    ['lincoln', 'lincoln'],
    ['linkoln', 'lincoln'], // substitution
    ['lincon', 'lincoln'], // deletion
    ['linccoln', 'lincoln'], // insertion
    ['lincolnn', 'lincoln'], // insertion at the end
    ['licnoln', 'lincoln'], // neighbours swapped
  ])('%s is within one edit of %s', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(true);
  });

  it.each([
    ['lnicon', 'lincoln'],
    ['washington', 'wellington'],
    ['abc', 'abcde'],
  ])('%s is more than one edit from %s', (a, b) => {
    expect(withinOneEdit(a, b)).toBe(false);
  });

  it('agrees with the textbook distance on random words', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'd'), maxLength: 7 });
    fc.assert(fc.property(word, word, (a, b) => withinOneEdit(a, b) === osaDistance(a, b) <= 1));
  });

  it('matches a word still being typed, with one typo', () => {
    expect(prefixWithinOneEdit('linclo', 'lincoln')).toBe(true);
    expect(prefixWithinOneEdit('jeffer', 'jefferson')).toBe(true);
    expect(prefixWithinOneEdit('jefer', 'jefferson')).toBe(true);
    expect(prefixWithinOneEdit('jxffer', 'jefferson')).toBe(true);
    expect(prefixWithinOneEdit('jxxfer', 'jefferson')).toBe(false);
  });

  it('agrees with "some prefix is within one edit" on random words', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'b', 'c'), maxLength: 6 });
    fc.assert(
      fc.property(word, word, (q, w) => {
        const expected = Array.from({ length: w.length + 1 }, (_, n) => w.slice(0, n)).some((p) => p.length > 0 && osaDistance(q, p) <= 1);
        return prefixWithinOneEdit(q, w) === expected;
      }),
    );
  });
});
