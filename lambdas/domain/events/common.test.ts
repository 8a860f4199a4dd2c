import { describe, expect, it } from 'vitest';
import { eventCommon } from './common';

const t = { cycles: [{ id: '2026' }, { id: '2027' }] };

describe('what every event carries', () => {
  it('names version 1 and the cycle the application was submitted in', () => {
    expect(eventCommon('sub-1', { cycle: '2027' }, t)).toEqual({ version: 1, cycle: '2027' });
  });

  it("before submission, names the cycle a later application's key holds", () => {
    expect(eventCommon('sub-1--2027', undefined, t)).toEqual({ version: 1, cycle: '2027' });
  });

  it("names the first configured cycle for an account's first application (and data from before cycles)", () => {
    expect(eventCommon('sub-1', undefined, t)).toEqual({ version: 1, cycle: '2026' });
  });
});
