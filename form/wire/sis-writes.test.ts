import { describe, expect, it } from 'vitest';
import { MATERIAL_MESSAGES } from './materials';
import { parseIdempotencyKey, parseSisMarkMaterial, SIS_WRITE_MESSAGES } from './sis-writes';

describe("a student information system's write requests", () => {
  it('takes a material mark with its item, received on a day or waived', () => {
    expect(parseSisMarkMaterial({ item: 'transcript', status: 'received', received_at: '2026-11-20' })).toEqual({
      item: 'transcript',
      status: 'received',
      received_at: '2026-11-20',
    });
    expect(parseSisMarkMaterial({ item: ' test_scores ', status: 'waived' })).toEqual({ item: 'test_scores', status: 'waived' });
  });

  it('refuses awaiting, a missing item, a bad day and unknown fields, in words', () => {
    expect(() => parseSisMarkMaterial({ item: 'transcript', status: 'awaiting' })).toThrow(SIS_WRITE_MESSAGES.status);
    expect(() => parseSisMarkMaterial({ status: 'received' })).toThrow(SIS_WRITE_MESSAGES.item);
    expect(() => parseSisMarkMaterial({ item: 'transcript', status: 'received', received_at: '2026-02-30' })).toThrow(MATERIAL_MESSAGES.date);
    expect(() => parseSisMarkMaterial({ item: 'transcript', status: 'waived', received_at: '2026-11-20' })).toThrow(MATERIAL_MESSAGES.dateOnlyReceived);
    expect(() => parseSisMarkMaterial({ item: 'transcript', status: 'received', by: 'x' })).toThrow(/Unknown field: by/);
  });

  it('requires an Idempotency-Key of visible ASCII, at most 255 characters', () => {
    expect(parseIdempotencyKey('0b6c-42:retry/1')).toBe('0b6c-42:retry/1');
    expect(() => parseIdempotencyKey(undefined)).toThrow(SIS_WRITE_MESSAGES.noKey);
    expect(() => parseIdempotencyKey(' ')).toThrow(SIS_WRITE_MESSAGES.noKey);
    for (const bad of ['two words', 'é', 'x'.repeat(256)]) expect(() => parseIdempotencyKey(bad)).toThrow(SIS_WRITE_MESSAGES.badKey);
  });
});
