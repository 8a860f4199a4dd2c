import { describe, expect, it } from 'vitest';
import { Conflict, Invalid } from './errors';
import { deriveWebStatus, planStatusChange, statusesBeforeSubmitDone } from './web-status';

describe('web status', () => {
  it.each([
    [[], null],
    [['started'], 'started'],
    [['started', 'validating'], 'validating'],
    [['started', 'validating', 'submitted'], 'submitted'],
    [['started', 'started'], 'started'],
  ] as const)('is derived from the count of distinct entries: %j → %s', (list, status) => {
    expect(deriveWebStatus(list)).toBe(status);
  });

  it('appends the next step', () => {
    expect(planStatusChange([], 'started')).toEqual({ kind: 'append', expectedLength: 0 });
    expect(planStatusChange(['started'], 'validating')).toEqual({ kind: 'append', expectedLength: 1 });
    expect(planStatusChange(['started', 'validating'], 'submitted', true)).toEqual({ kind: 'append', expectedLength: 2 });
  });

  it('treats a status already reached as done', () => {
    expect(planStatusChange(['started', 'validating'], 'started')).toEqual({ kind: 'already' });
    expect(planStatusChange(['started', 'validating', 'submitted'], 'submitted')).toEqual({ kind: 'already' });
  });

  it('refuses skipping a step, reaching submitted without submitting, and unknown values', () => {
    expect(() => planStatusChange([], 'validating')).toThrow(Conflict);
    expect(() => planStatusChange(['started', 'validating'], 'submitted')).toThrow(Conflict);
    for (const bad of ['approved', '', 3, null, undefined, ['started']]) expect(() => planStatusChange([], bad)).toThrow(Invalid);
  });

  it('on submit, reaches every status not yet reached, in order', () => {
    expect(statusesBeforeSubmitDone([])).toEqual(['started', 'validating', 'submitted']);
    expect(statusesBeforeSubmitDone(['started'])).toEqual(['validating', 'submitted']);
    expect(statusesBeforeSubmitDone(['started', 'validating'])).toEqual(['submitted']);
    expect(statusesBeforeSubmitDone(['started', 'validating', 'submitted'])).toEqual([]);
  });
});
