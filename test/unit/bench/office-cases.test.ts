import { parseListQuery } from '#form/wire/staff';
import { LIST_CASES, listPath, seedShape, verdict, verdictText } from '../../../bench/office-cases';

describe('the office benchmark (bench/office.ts)', () => {
  it('asks the list with two filters a case (and maybe a sort), each a query the list parses', () => {
    for (const c of LIST_CASES) {
      expect(Object.keys(c.query).filter((k) => k !== 'sort')).toHaveLength(2);
      expect(listPath(c)).toMatch(/^\/staff\/api\/applications\?\w+=[\w-]+(&\w+=[\w-]+)+$/);
      expect(Object.keys(parseListQuery(c.query).filters).filter((k) => k !== 'sort')).toHaveLength(2);
    }
  });

  it('judges a p95 against its baseline: met up to 2×, not over, never on a missing baseline', () => {
    expect(verdict(20, 10)).toEqual({ ratio: 2, met: true });
    expect(verdict(20.5, 10).met).toBe(false);
    expect(verdict(5, 0).met).toBe(false);
    expect(verdictText(verdict(30, 10))).toBe('3.00× (goal ≤ 2×: NOT met)');
  });

  it('seeds, of every 20 applications, 9 unread, 6 read once, 2 read twice, 3 decided and 11 complete', () => {
    const shapes = Array.from({ length: 20 }, (_, i) => seedShape(i));
    const count = (f: (s: (typeof shapes)[number]) => boolean) => shapes.filter(f).length;
    expect(count((s) => s.reviews === 0)).toBe(9);
    expect(count((s) => s.reviews === 1)).toBe(6);
    expect(count((s) => s.reviews === 2 && !s.decide)).toBe(2);
    expect(count((s) => s.reviews === 2 && s.decide)).toBe(3);
    expect(count((s) => s.decide && s.reviews < 2)).toBe(0);
    expect(count((s) => s.complete)).toBe(11);
  });
});
