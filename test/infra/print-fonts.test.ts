/**
 * The Chromium functions' bundle carries the print fonts: the bundling hook, run here as CDK runs
 * it, writes the same OpenType files the local renderer installs (and the fonts.conf it points
 * Chromium at lists that folder in Lambda).
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { printFontSources, woffToSfnt } from '#adapters/renderer/fonts';
import { copyFonts } from '#cdk/chromium';
import { REPO_ROOT } from '#cdk/settings';

describe('the print fonts in the Chromium functions’ bundle', () => {
  const out = mkdtempSync(join(tmpdir(), 'bundle-fonts-'));
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('are every Noto file the local renderer installs, unpacked the same way', { timeout: 60_000 }, () => {
    for (const command of copyFonts.afterBundling(REPO_ROOT, out)) execSync(command, { stdio: 'pipe' });
    const sources = printFontSources();
    const written = readdirSync(join(out, 'fonts')).sort();
    expect(written).toEqual(sources.map((s) => s.name).sort());
    expect(written.some((f) => f.startsWith('noto-sans-sc-'))).toBe(true);
    expect(written.some((f) => f.startsWith('noto-sans-arabic-'))).toBe(true);
    const sample = sources.find((s) => s.name.startsWith('noto-sans-jp-'))!;
    expect(readFileSync(join(out, 'fonts', sample.name)).equals(woffToSfnt(readFileSync(sample.path)))).toBe(true);
  });
});
