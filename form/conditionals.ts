/** Evaluating a conditional (valueKey / operator / target) against the answers. */
import type { Answers, Conditional } from './types';

const asNumber = (v: string): number | undefined => {
  if (v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

// `typeof … 'object'` rather than Array.isArray, which widens a readonly array to any[].
const asList = (target: Conditional['target']): readonly string[] => (target === undefined ? [] : typeof target === 'object' ? target : [String(target)]);

/** lt/lte/gt/gte are numeric and false when either side is not a number. */
export function evaluate(c: Conditional, answers: Readonly<Answers>): boolean {
  const value = answers[c.valueKey] ?? '';
  const target = typeof c.target === 'string' || typeof c.target === 'number' ? String(c.target) : undefined;
  const compare = (op: (a: number, b: number) => boolean): boolean => {
    const a = asNumber(value);
    const b = target === undefined ? undefined : asNumber(target);
    return a !== undefined && b !== undefined && op(a, b);
  };
  switch (c.operator) {
    case 'equals':
      return value === target;
    case 'notEquals':
      return value !== target;
    case 'lt':
      return compare((a, b) => a < b);
    case 'lte':
      return compare((a, b) => a <= b);
    case 'gt':
      return compare((a, b) => a > b);
    case 'gte':
      return compare((a, b) => a >= b);
    case 'answered':
      return value.trim() !== '';
    case 'notAnswered':
      return value.trim() === '';
    case 'in':
      return asList(c.target).includes(value);
    case 'notIn':
      return !asList(c.target).includes(value);
  }
}
