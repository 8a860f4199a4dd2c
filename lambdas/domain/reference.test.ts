import { describe, expect, it } from 'vitest';
import { isReference, newReference, REFERENCE_ALPHABET } from './reference';

describe('application references', () => {
  it('are 8 characters of Crockford base32: no I, L, O or U', () => {
    for (let i = 0; i < 200; i++) {
      const ref = newReference();
      expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(isReference(ref)).toBe(true);
    }
    expect(REFERENCE_ALPHABET).toHaveLength(32);
    expect(isReference('K7M2Q9XI')).toBe(false);
    expect(isReference('K7M2Q9X')).toBe(false);
  });

  it('draw every character of the alphabet', () => {
    let i = 0;
    expect(newReference(() => i++ % 32)).toBe('01234567');
    i = 24;
    expect(newReference(() => i++ % 32)).toBe('RSTVWXYZ');
  });
});
