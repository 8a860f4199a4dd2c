import { describe, expect, it } from 'vitest';
import { roleOfGroups } from './roles';
import { parseListQuery } from './staff';

describe("staff roles from the token's groups", () => {
  it('a member without a role group has no role: no group at all (made in the Cognito console, or a failed add) or only groups that are no role', () => {
    expect(roleOfGroups(undefined)).toBeUndefined();
    expect(roleOfGroups([])).toBeUndefined();
    expect(roleOfGroups(['marketing'])).toBeUndefined();
  });

  it('the role group names the role; several give the least', () => {
    expect(roleOfGroups(['decider'])).toBe('decider');
    expect(roleOfGroups(['admin', 'reader'])).toBe('reader');
    expect(roleOfGroups(['marketing', 'decider'])).toBe('decider');
  });
});

describe("the list's status filter", () => {
  it('takes an office status and refuses anything else in words', () => {
    expect(parseListQuery({ status: 'in_review', term: 'FA27' })).toEqual({ filters: { status: 'in_review', term: 'FA27' } });
    expect(parseListQuery({ status: 'decided' }, false)).toEqual({ filters: { status: 'decided' } });
    expect(() => parseListQuery({ status: 'accepted' })).toThrow('The status filter is one of submitted, in_review, decided, released.');
  });
});
