import { describe, expect, it } from 'vitest';
import { InputError } from './input';
import { MATERIAL_MESSAGES, parseMarkMaterial } from './materials';

describe('the body of a mark on a material', () => {
  it('takes a status, and a calendar day only with received', () => {
    expect(parseMarkMaterial({ status: 'received', received_at: '2026-11-20' })).toEqual({ status: 'received', received_at: '2026-11-20' });
    expect(parseMarkMaterial({ status: 'waived' })).toEqual({ status: 'waived' });
    expect(parseMarkMaterial({ status: 'awaiting', received_at: '' })).toEqual({ status: 'awaiting' });
  });

  it('refuses in words what it cannot take', () => {
    expect(() => parseMarkMaterial({ status: 'arrived' })).toThrow(InputError);
    expect(() => parseMarkMaterial({ status: 'arrived' })).toThrow(MATERIAL_MESSAGES.status);
    expect(() => parseMarkMaterial({})).toThrow(MATERIAL_MESSAGES.status);
    expect(() => parseMarkMaterial({ status: 'received', received_at: '20/11/2026' })).toThrow(MATERIAL_MESSAGES.date);
    expect(() => parseMarkMaterial({ status: 'received', received_at: '2026-02-30' })).toThrow(MATERIAL_MESSAGES.date);
    expect(() => parseMarkMaterial({ status: 'waived', received_at: '2026-11-20' })).toThrow(MATERIAL_MESSAGES.dateOnlyReceived);
    expect(() => parseMarkMaterial({ status: 'received', by: 'someone' })).toThrow('Unknown field: by.');
  });
});
