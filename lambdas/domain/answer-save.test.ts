import { describe, expect, it } from 'vitest';
import { allAnswerKeys } from '#form';
import { isLabelKey } from '#form/contract';
import { MAX_CHECKED_ANSWERS, parseAnswerSave } from '#form/wire/answers';
import { InputError } from '#form/wire/input';
import { isDerivedLabel } from './answer-labels';
import { conflictsOf } from './answer-save';

describe('a save with base values', () => {
  it('keeps "base" free for the base map: no question of the application may be called that', () => {
    expect(allAnswerKeys).not.toContain('base');
  });

  it('derives every label the browser leaves out of a save (isLabelKey), and only those', () => {
    const labels = allAnswerKeys.filter(isLabelKey);
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.filter((k) => !isDerivedLabel(k))).toEqual([]);
    expect(allAnswerKeys.filter((k) => !isLabelKey(k) && isDerivedLabel(k))).toEqual([]);
  });

  it('splits the body into the answers and the base of the keys that have one', () => {
    expect(parseAnswerSave({ first_name: 'Ada', last_name: 'King', base: { first_name: '' } })).toEqual({
      answers: { first_name: 'Ada', last_name: 'King' },
      base: { first_name: '' },
    });
    expect(parseAnswerSave({ first_name: 'Ada' })).toEqual({ answers: { first_name: 'Ada' }, base: {} });
  });

  it('refuses a base that names another key, a prototype key or too many keys', () => {
    expect(() => parseAnswerSave({ first_name: 'Ada', base: { last_name: 'x' } })).toThrow(InputError);
    expect(() => parseAnswerSave(JSON.parse('{"first_name":"Ada","base":{"__proto__":"x"}}'))).toThrow(InputError);
    const keys = allAnswerKeys.slice(0, MAX_CHECKED_ANSWERS + 1);
    const many = Object.fromEntries(keys.map((k) => [k, 'x']));
    expect(() => parseAnswerSave({ ...many, base: Object.fromEntries(keys.map((k) => [k, ''])) })).toThrow(/at most 80/);
  });

  it('conflicts only where the stored value is neither the base nor the value being saved', () => {
    const save = {
      answers: { first_name: 'Augusta', last_name: 'Byron', city: 'Paris', zip: '' },
      base: { first_name: 'Ada', last_name: 'Lovelace', city: '', zip: '123' },
    };
    expect(conflictsOf({ first_name: 'Ada', last_name: 'King', city: 'Paris' }, save)).toEqual({ last_name: 'King' });
    expect(conflictsOf({ zip: '456' }, save)).toEqual({ first_name: '', last_name: '', zip: '456' });
  });
});

describe('the conditional write of a save', () => {
  it("stays within DynamoDB's 4 kB per expression for every answer, 80 of them checked in the longest form", async () => {
    const { mergeCommand } = await import('#adapters/store/answers-store');
    // Checked keys last: their aliases are the longest. An empty base with a new value, or a removal, is the longest check.
    const keys = [...allAnswerKeys];
    const checked = keys.slice(-MAX_CHECKED_ANSWERS);
    const answers = Object.fromEntries(keys.map((k, i) => [k, i % 2 ? 'x' : '']));
    const base = Object.fromEntries(checked.map((k) => [k, answers[k] === '' ? 'was' : '']));
    const { input } = mergeCommand('sub', { answers, base }, new Date());
    expect(input.ConditionExpression!.length).toBeLessThanOrEqual(4096);
    expect(input.UpdateExpression!.length).toBeLessThanOrEqual(4096);
    // One check per checked key, the submitted lock, and the waiver's (it is among the answers: no change while a recommender holds it).
    expect(input.ConditionExpression!.split(' AND ')).toHaveLength(MAX_CHECKED_ANSWERS + 2);
  });
});
