/**
 * The application PDF prints every character the form accepts: the fonts installed for the
 * renderer's Chromium cover each accepted script, the form's table of printable characters is
 * exactly what those fonts draw, and a real print of a name in each script draws a glyph for
 * every character (PDF text alone would not show it: blank boxes still extract as text).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeHtml } from '#domain/documents/html';
import { missingGlyphs, pdfGlyphs } from '#test/fixtures/pdf-glyphs';
import { pdfText } from '#test/fixtures/pdf-text';
import { PRINTABLE_NAMES, SHAPED, SHAPED_FONTS } from '#test/fixtures/printable-names';
import { coverageModule } from '../../../scripts/print-fonts';
import { printApplication } from './application';
import { closeBrowser } from './browser';

afterAll(() => closeBrowser());

describe('the application PDF’s fonts', () => {
  // Reads and parses every print font (about 2 s alone, 13 s on a loaded machine): not a 5 s unit.
  it('are what the form’s table of printable characters was generated from', { timeout: 60_000 }, async () => {
    const stored = readFileSync(join(import.meta.dirname, '..', '..', '..', 'form', 'printable-ranges.ts'), 'utf8');
    expect(stored, 'fonts changed: run `tsx scripts/print-fonts.ts --coverage`').toBe(await coverageModule());
  });

  it('draw a glyph for every character of a name in each accepted script, in the page and in its header', { timeout: 60_000 }, async () => {
    const rows = Object.entries(PRINTABLE_NAMES)
      .map(([script, name]) => `<p id="${script}">${escapeHtml(name)}</p>`)
      .join('');
    // The fallback HTML's own font rule: the renderer's fontconfig supplies every other script.
    const html = `<!doctype html><meta charset="utf-8"><style>body{font-family:'Open Sans',sans-serif}</style>${rows}`;
    const printed = await printApplication({
      serviceViewUrl: undefined,
      fallbackHtml: () => html,
      applicantName: `${PRINTABLE_NAMES.chinese} ${PRINTABLE_NAMES.arabic}`,
    });
    const glyphs = await pdfGlyphs(printed.pdf);
    expect(missingGlyphs(glyphs)).toEqual([]);

    // A run of characters drawn from two font files reads back as two pieces: compare without spaces.
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    const text = squeeze((await pdfText(printed.pdf)).text);
    for (const [script, name] of Object.entries(PRINTABLE_NAMES)) {
      if (!SHAPED.has(script as keyof typeof PRINTABLE_NAMES)) expect(text, script).toContain(squeeze(name));
    }
    const fonts = new Set(glyphs.map((g) => g.font));
    for (const [script, family] of Object.entries(SHAPED_FONTS))
      expect(
        [...fonts].some((f) => family.test(f)),
        `${script} in ${[...fonts].join(', ')}`,
      ).toBe(true);
    // One order of preference, whatever order the files were found in: Han from SC, kana from
    // JP (SC has none), Hangul from KR, Latin from Open Sans.
    const fontOf = (ch: string) => glyphs.find((g) => g.text === ch)?.font ?? 'not drawn';
    expect(fontOf('王')).toMatch(/^NotoSansSC/);
    expect(fontOf('田')).toMatch(/^NotoSansSC/);
    expect(fontOf('김')).toMatch(/^NotoSans(SC|KR)/);
    expect(fontOf('ễ')).toBe('OpenSans-Regular');
  });
});
