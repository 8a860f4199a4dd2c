import { describe, expect, it } from 'vitest';
import { evaluate } from './conditionals';
import type { Conditional } from './types';

describe('conditional operators', () => {
  it.each<[Conditional['operator'], Conditional['target'], string, boolean]>([
    ['equals', 'Y', 'Y', true],
    ['equals', 'Y', 'N', false],
    ['notEquals', 'Y', 'N', true],
    ['notEquals', 'Y', 'Y', false],
    ['notEquals', 'N', '', true],
    ['lt', 5, '4', true],
    ['lt', 5, '5', false],
    ['lte', 5, '5', true],
    ['lte', 5, '6', false],
    ['gt', '5', '6', true],
    ['gt', 5, '5', false],
    ['gte', 5, '5', true],
    ['gte', 5, '4', false],
    ['gt', 5, '', false],
    ['lt', 5, 'abc', false],
    ['answered', undefined, 'x', true],
    ['answered', undefined, '  ', false],
    ['notAnswered', undefined, '', true],
    ['notAnswered', undefined, 'x', false],
    ['in', ['PR', 'NR'], 'PR', true],
    ['in', ['PR', 'NR'], 'US', false],
    ['notIn', ['PR', 'NR'], 'US', true],
    ['notIn', ['PR', 'NR'], 'NR', false],
  ])('%s %j on %j is %s', (operator, target, value, expected) => {
    expect(evaluate({ valueKey: 'k', operator, target }, { k: value })).toBe(expected);
  });

  it('a missing answer counts as unanswered', () => {
    expect(evaluate({ valueKey: 'missing', operator: 'notAnswered' }, {})).toBe(true);
    expect(evaluate({ valueKey: 'missing', operator: 'equals', target: '' }, {})).toBe(true);
  });
});
