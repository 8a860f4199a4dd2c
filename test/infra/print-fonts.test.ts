/**
 * The Chromium functions' bundle carries the print fonts: the bundling hook, run here as CDK runs
 * it, writes the same OpenType files the local renderer installs (and the fonts.conf it points
 * Chromium at lists that folder in Lambda), and the institution's logo under brand/, where the
 * decision letter's letterhead reads it.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printFontSources, woffToSfnt } from '#adapters/renderer/fonts';
import { copyFontsAndLogo } from '#cdk/chromium';
import { REPO_ROOT } from '#cdk/settings';
import { establishedInstitution } from '#config/establish';
import { institution } from '#form/institution';

describe('the print fonts and the logo in the Chromium functions’ bundle', () => {
  const out = mkdtempSync(join(tmpdir(), 'bundle-fonts-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));
  beforeAll(() => {
    for (const command of copyFontsAndLogo().afterBundling(REPO_ROOT, out)) execSync(command, { stdio: 'pipe' });
  }, 60_000);

  it('are every Noto file the local renderer installs, unpacked the same way', () => {
    const sources = printFontSources();
    const written = readdirSync(join(out, 'fonts')).sort();
    expect(written).toEqual(sources.map((s) => s.name).sort());
    expect(written.some((f) => f.startsWith('noto-sans-sc-'))).toBe(true);
    expect(written.some((f) => f.startsWith('noto-sans-arabic-'))).toBe(true);
    const sample = sources.find((s) => s.name.startsWith('noto-sans-jp-'))!;
    expect(readFileSync(join(out, 'fonts', sample.name)).equals(woffToSfnt(readFileSync(sample.path)))).toBe(true);
  });

  it("carry the institution's logo by the name the letterhead reads it under", () => {
    expect(readdirSync(join(out, 'brand'))).toEqual([institution.logo.file]);
    expect(readFileSync(join(out, 'brand', institution.logo.file)).equals(establishedInstitution().assets.logo.bytes)).toBe(true);
  });
});
