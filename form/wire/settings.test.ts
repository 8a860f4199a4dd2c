import { describe, expect, it } from 'vitest';
import { InputError } from './input';
import { parseSettingsSection, saveSettingInput } from './settings';

const parse = (raw: unknown) => saveSettingInput.body(raw);

describe('the Settings wire', () => {
  it('takes new words or the version to go back to, one of them', () => {
    expect(parse({ value: 'Words.' })).toEqual({ value: 'Words.' });
    expect(parse({ value: ['a list, checked by the use-case'] })).toEqual({ value: ['a list, checked by the use-case'] });
    expect(parse({ revertedFrom: 0 })).toEqual({ revertedFrom: 0 });
    expect(parse({ revertedFrom: 3 })).toEqual({ revertedFrom: 3 });
  });

  it('refuses anything else in words', () => {
    const refusals: Array<[unknown, string]> = [
      [{}, 'Send the new words as value.'],
      [{ value: 'x', revertedFrom: 1 }, 'Send either new words (value) or the version to revert to (revertedFrom), not both.'],
      [{ revertedFrom: -1 }, 'revertedFrom is the number of an earlier version (0 for the configuration file’s words).'],
      [{ revertedFrom: '2' }, 'revertedFrom is the number of an earlier version (0 for the configuration file’s words).'],
      [{ revertedFrom: 1.5 }, 'revertedFrom is the number of an earlier version (0 for the configuration file’s words).'],
      [{ value: 'x', by: 'me' }, 'Unknown field: by.'],
      ['words', 'The request body must be a JSON object.'],
    ];
    for (const [raw, message] of refusals) {
      expect(() => parse(raw), JSON.stringify(raw)).toThrow(InputError);
      expect(() => parse(raw), JSON.stringify(raw)).toThrow(message);
    }
  });

  it('knows the sections by name and names them when one is unknown', () => {
    expect(parseSettingsSection('letters')).toBe('letters');
    expect(() => parseSettingsSection('colours')).toThrow(
      'There is no section of Settings called “colours”. The sections are announcements, letters, promises, submitted, nextSteps, emails, reminders.',
    );
    expect(() => parseSettingsSection(undefined)).toThrow(InputError);
  });
});
