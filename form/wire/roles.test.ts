import { describe, expect, it } from 'vitest';
import { roleOfGroups } from './roles';
import { parseListQuery } from './staff';

describe("staff roles from the token's groups", () => {
  it('a member without a group is admin (the access everyone had before roles)', () => {
    expect(roleOfGroups(undefined)).toBe('admin');
    expect(roleOfGroups([])).toBe('admin');
  });

  it('the role group names the role; several give the least; no role group gives reader', () => {
    expect(roleOfGroups(['decider'])).toBe('decider');
    expect(roleOfGroups(['admin', 'reader'])).toBe('reader');
    expect(roleOfGroups(['marketing'])).toBe('reader');
  });
});

describe("the list's status filter", () => {
  it('takes an office status and refuses anything else in words', () => {
    expect(parseListQuery({ status: 'in_review', term: 'FA27' })).toEqual({ filters: { status: 'in_review', term: 'FA27' } });
    expect(parseListQuery({ status: 'decided' }, false)).toEqual({ filters: { status: 'decided' } });
    expect(() => parseListQuery({ status: 'accepted' })).toThrow('The status filter is one of submitted, in_review, decided, released.');
  });
});
