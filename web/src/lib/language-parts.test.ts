/**
 * The start-up race behind two flaky browser tests (issue 41): main.tsx activates the remembered
 * language while the first route's loader asks for the form's part. The part must come in the
 * language being activated and stay when it becomes active (Lingui's loadAndActivate replaces a
 * locale's messages), also for English, whose form words otherwise showed as their ids.
 */
import { beforeAll, describe, expect, it, vi } from 'vitest';

type I18nModule = typeof import('#web/lib/i18n');
let fresh: I18nModule;

beforeAll(async () => {
  // A module of its own: no part asked for yet, as on a page's first load.
  vi.resetModules();
  fresh = await import('#web/lib/i18n');
  await fresh.activateLanguage('en');
});

describe('a part asked for while a language is still loading', () => {
  it('arrives in that language and stays once it is active', async () => {
    await Promise.all([fresh.activateLanguage('es'), fresh.loadPart('form')]);
    expect(fresh.activeLanguage()).toBe('es');
    expect(fresh.translate('form.ui.uploading')).toBe('Subiendo su archivo');
  });

  it('of two choices made quickly the later wins, with the part', async () => {
    await Promise.all([fresh.activateLanguage('ar'), fresh.activateLanguage('en'), fresh.loadPart('form')]);
    expect(fresh.activeLanguage()).toBe('en');
    expect(fresh.translate('form.ui.uploading')).toBe('Uploading your file');
  });
});
