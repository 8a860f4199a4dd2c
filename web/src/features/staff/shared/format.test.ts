import { describe, expect, it } from 'vitest';
import { zonedIso } from './format';

describe('a date and time on the institution’s clock', () => {
  it('becomes the instant it names, in winter and in summer time', () => {
    expect(zonedIso('2027-01-15', '09:00', 'America/Chicago')).toBe('2027-01-15T15:00:00.000Z');
    expect(zonedIso('2027-07-15', '09:00', 'America/Chicago')).toBe('2027-07-15T14:00:00.000Z');
    expect(zonedIso('2027-01-15', '23:30', 'Europe/Berlin')).toBe('2027-01-15T22:30:00.000Z');
  });

  it('takes the day the clocks change on either side', () => {
    // March 14, 2027: 02:00 CST becomes 03:00 CDT.
    expect(zonedIso('2027-03-14', '01:00', 'America/Chicago')).toBe('2027-03-14T07:00:00.000Z');
    expect(zonedIso('2027-03-14', '04:00', 'America/Chicago')).toBe('2027-03-14T09:00:00.000Z');
  });

  it('is null for a date or time that does not exist', () => {
    expect(zonedIso('2027-02-30', '09:00')).toBeNull();
    expect(zonedIso('2027-01-15', '24:00')).toBeNull();
    expect(zonedIso('', '09:00')).toBeNull();
    expect(zonedIso('2027-01-15', '')).toBeNull();
  });
});
