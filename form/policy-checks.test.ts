import { describe, expect, it } from 'vitest';
import { checkReplyBy, offeredTermStarts } from './policy-checks';

describe('the reply-by date against the terms its offers are for', () => {
  it('reports each term that begins on or before the reply-by day, with what to write instead', () => {
    const terms = [
      { label: 'Spring 2027', starts: '2027-01-01' },
      { label: 'Fall 2027', starts: '2027-08-01' },
      { label: 'Summer 2027', starts: '2027-05-01' },
    ];
    expect(checkReplyBy('2027-05-01', terms)).toEqual([
      {
        at: ['decisions', 'replyBy'],
        message: 'May 1, 2027 is not before Spring 2027 begins (January 1, 2027): an offer for Spring 2027 would ask for a reply after its term began.',
        fix: 'Write a reply-by date before January 1, 2027. Until then offers for Spring 2027 are answered by December 31, 2026, the day before it begins.',
      },
      {
        at: ['decisions', 'replyBy'],
        message: 'May 1, 2027 is not before Summer 2027 begins (May 1, 2027): an offer for Summer 2027 would ask for a reply after its term began.',
        fix: 'Write a reply-by date before May 1, 2027. Until then offers for Summer 2027 are answered by April 30, 2027, the day before it begins.',
      },
    ]);
  });

  it('finds nothing for a reply-by day before every term, or none configured', () => {
    expect(checkReplyBy('2026-12-15', [{ label: 'Spring 2027', starts: '2027-01-01' }])).toEqual([]);
    expect(checkReplyBy(undefined, [{ label: 'Spring 2027', starts: '2027-01-01' }])).toEqual([]);
  });

  it('takes the terms offered on a day with their first days, for the checker to pass in', () => {
    expect(offeredTermStarts(new Date('2026-11-29T12:00:00Z'))).toEqual([
      { label: 'Spring 2027', starts: '2027-01-01' },
      { label: 'Fall 2027', starts: '2027-08-01' },
      { label: 'Spring 2028', starts: '2028-01-01' },
    ]);
  });
});
