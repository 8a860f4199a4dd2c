import { describe, expect, it } from 'vitest';
import { PRINTABLE_NAMES } from '#test/fixtures/printable-names';
import { unprintableCharacters, unprintableMessage } from './printable';
import './printable-ranges';
import { validateApplication } from './validation/schema';

describe('what the application PDF can print', () => {
  it('accepts a name in every script its fonts cover, and line breaks in free text', () => {
    for (const name of Object.values(PRINTABLE_NAMES)) expect(unprintableCharacters(name), name).toEqual([]);
    expect(unprintableCharacters('first line\nsecond line\twith a tab')).toEqual([]);
  });

  it('names the characters it cannot print, each once', () => {
    expect(unprintableCharacters('Ana சசி')).toEqual(['ச', 'ி']);
    expect(unprintableCharacters('Ana 😀😀')).toEqual(['😀']);
    // A Han character too rare for the Noto fonts (U+4E33).
    expect(unprintableCharacters('王\u4e33')).toEqual(['\u4e33']);
    expect(unprintableMessage('ሰላም')).toBe(
      'Your application PDF cannot print these characters: “ሰ”, “ላ”, “ም”. Please write it another way, for example in Latin letters.',
    );
    expect(unprintableMessage('Ana')).toBeUndefined();
  });

  it('refuses such an answer at its field when the application is validated', () => {
    const errors = validateApplication({ first_name: 'ሰላም', last_name: PRINTABLE_NAMES.chinese, city: 'Chennai சென்னை' });
    expect(errors.first_name).toContain(unprintableMessage('ሰላም'));
    expect(errors.last_name ?? []).not.toContain(expect.stringContaining('cannot print'));
    expect(errors.city).toContain(unprintableMessage('சென்னை'));
  });
});
