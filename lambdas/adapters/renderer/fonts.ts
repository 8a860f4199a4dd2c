/**
 * The fonts the application PDF prints with, beside the Open Sans that @sparticuz/chromium ships
 * (Latin, Greek, Cyrillic, Vietnamese): the Noto families from npm (@fontsource), one weight, for
 * Chinese, Japanese, Korean, Arabic, Hebrew, Devanagari and Thai. They are installed for the
 * renderer's fontconfig, not served as web fonts, so every page Chromium prints finds them: the
 * service view, the fallback HTML, the page header that carries the applicant's name, and the
 * converted .docx uploads. The applicant's browser never downloads any of them.
 *
 * Fontsource ships each family cut by `unicode-range` into small WOFF files (a hundred for each
 * CJK family). Chromium's FreeType cannot open WOFF, so each file is unpacked to the plain
 * OpenType it wraps (zlib per table): fontconfig then knows each file's characters, and
 * Chromium's per-character fallback opens only the pieces a page uses.
 *
 * Lambda: lib/chromium.ts runs scripts/print-fonts.ts while bundling, which writes them to
 * /var/task/fonts (a folder @sparticuz/chromium's fontconfig already lists). Locally the renderer
 * writes the same files once to a temporary folder and points fontconfig at it (browser.ts).
 * The same converter and the same npm files on both sides: the PDF prints the same.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

/** In the order the print CSS names them (web/src/features/application/components/print-fonts.css). */
export const PRINT_FONT_PACKAGES = [
  'noto-sans',
  'noto-sans-sc',
  'noto-sans-jp',
  'noto-sans-kr',
  'noto-sans-arabic',
  'noto-sans-hebrew',
  'noto-sans-devanagari',
  'noto-sans-thai',
] as const;

/** Regular only: Chromium emboldens it for headings and labels, in Lambda as locally. */
const WEIGHT_FILE = /-400-normal\.woff$/;

export interface FontSource {
  /** The file name it is installed under (.ttf). */
  name: string;
  path: string;
}

/** Every font file the renderer installs, from the npm packages, in a stable order. */
export function printFontSources(): FontSource[] {
  const require = createRequire(import.meta.url);
  return PRINT_FONT_PACKAGES.flatMap((pkg) => {
    const files = join(dirname(require.resolve(`@fontsource/${pkg}/package.json`)), 'files');
    return readdirSync(files)
      .filter((f) => WEIGHT_FILE.test(f))
      .sort()
      .map((f) => ({ name: f.replace(/\.woff$/, '.ttf'), path: join(files, f) }));
  });
}

/** WOFF 1.0 → the OpenType (sfnt) file it wraps: the same tables, each inflated. */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const buf = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (buf.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 file');
  const flavor = buf.readUInt32BE(4);
  const numTables = buf.readUInt16BE(12);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 2 ** entrySelector * 16;
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const tag = buf.readUInt32BE(entry);
    const at = buf.readUInt32BE(entry + 4);
    const compressed = buf.readUInt32BE(entry + 8);
    const length = buf.readUInt32BE(entry + 12);
    const raw = buf.subarray(at, at + compressed);
    const data = compressed < length ? inflateSync(raw) : raw;
    if (data.length !== length) throw new Error('damaged WOFF table');
    const record = 12 + i * 16;
    header.writeUInt32BE(tag, record);
    header.writeUInt32BE(buf.readUInt32BE(entry + 16), record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(length, record + 12);
    const padded = Buffer.alloc((length + 3) & ~3);
    data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  }
  return Buffer.concat(parts);
}

/** The code points an OpenType font maps to a glyph (cmap formats 4 and 12, which these use). */
export function sfntCoverage(font: Uint8Array): Set<number> {
  const buf = Buffer.from(font.buffer, font.byteOffset, font.byteLength);
  const tables = buf.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) if (buf.toString('latin1', 12 + i * 16, 16 + i * 16) === 'cmap') cmap = buf.readUInt32BE(20 + i * 16);
  const covered = new Set<number>();
  if (cmap < 0) return covered;
  const subtables = buf.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const sub = cmap + buf.readUInt32BE(cmap + 8 + i * 8);
    const format = buf.readUInt16BE(sub);
    if (format === 4) {
      const segments = buf.readUInt16BE(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = buf.readUInt16BE(ends + s * 2);
        const start = buf.readUInt16BE(starts + s * 2);
        const delta = buf.readInt16BE(deltas + s * 2);
        const rangeOffset = buf.readUInt16BE(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph = rangeOffset === 0 ? (c + delta) & 0xffff : buf.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
          if (rangeOffset !== 0 && glyph !== 0) glyph = (glyph + delta) & 0xffff;
          if (glyph !== 0) covered.add(c);
        }
      }
    } else if (format === 12) {
      const groups = buf.readUInt32BE(sub + 12);
      for (let g = 0; g < groups; g++) {
        const at = sub + 16 + g * 12;
        const first = buf.readUInt32BE(at + 8);
        for (let c = buf.readUInt32BE(at), end = buf.readUInt32BE(at + 4), glyph = first; c <= end; c++, glyph++) if (glyph !== 0) covered.add(c);
      }
    }
  }
  return covered;
}

const COMPLETE = '.complete';

/** Names the set of files (the packages' versions show in their sizes), so a changed set installs afresh. */
function fingerprint(sources: readonly FontSource[]): string {
  const hash = createHash('sha256');
  for (const s of sources) hash.update(`${s.name}:${statSync(s.path).size}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** Writes every print font into `dir` as OpenType (the bundling of the render Lambda). */
export function writePrintFonts(dir: string, sources: readonly FontSource[] = printFontSources()): void {
  mkdirSync(dir, { recursive: true });
  for (const s of sources) writeFileSync(join(dir, s.name), woffToSfnt(readFileSync(s.path)));
}

/**
 * The print fonts installed once under `parent` (a folder per set of files, so processes and
 * checkouts that share the machine never rewrite a folder another Chromium reads): built
 * beside, then renamed into place; whoever renames first wins.
 */
export function installPrintFonts(parent: string, sources: readonly FontSource[] = printFontSources()): string {
  const dir = join(parent, `print-fonts-${fingerprint(sources)}`);
  if (existsSync(join(dir, COMPLETE))) return dir;
  const building = `${dir}.${process.pid}.${Date.now()}`;
  writePrintFonts(building, sources);
  writeFileSync(join(building, COMPLETE), '');
  try {
    renameSync(building, dir);
  } catch (error) {
    rmSync(building, { recursive: true, force: true });
    if (!existsSync(join(dir, COMPLETE))) throw error;
  }
  return dir;
}

/**
 * Where the print fonts are: bundled at /var/task/fonts in the render Lambda (lib/chromium.ts),
 * else installed here from npm into a temporary folder (the local stack, tests).
 */
export function printFontsDir(): string {
  const taskRoot = process.env.LAMBDA_TASK_ROOT;
  const bundled = taskRoot ? join(taskRoot, 'fonts') : undefined;
  return bundled && existsSync(bundled) ? bundled : installPrintFonts(join(tmpdir(), 'admissions-print'));
}

/**
 * The font pdf-lib draws a copy's page numbers and captions with beside Helvetica, by language
 * (issue 41): Arabic's script cut of Noto Sans Arabic, the file Chromium prints the Arabic copy
 * with, so the bundle carries no other. Latin-script languages draw with Helvetica alone.
 */
const STAMP_FONTS: Partial<Record<string, string>> = { ar: 'noto-sans-arabic-arabic-400-normal.ttf' };

const stampFonts = new Map<string, Uint8Array>();

/** The stamp font of `language` (read once per container), or undefined when Helvetica draws it. */
export function readStampFont(language: string): Promise<Uint8Array | undefined> {
  const name = STAMP_FONTS[language];
  if (!name) return Promise.resolve(undefined);
  let font = stampFonts.get(name);
  if (!font) {
    font = readFileSync(join(printFontsDir(), name));
    stampFonts.set(name, font);
  }
  return Promise.resolve(font);
}

/** The families in the order they are preferred: Han characters print from Noto Sans SC wherever the files were scanned from. */
export const PRINT_FAMILIES = [
  'Open Sans',
  'Noto Sans',
  'Noto Sans SC',
  'Noto Sans JP',
  'Noto Sans KR',
  'Noto Sans Arabic',
  'Noto Sans Hebrew',
  'Noto Sans Devanagari',
  'Noto Sans Thai',
];

/**
 * The renderer's fontconfig file: these folders, and one order of preference for every generic
 * family. Without it, which font draws a character several fonts have (a Han character is in
 * SC, JP and KR) would depend on the order fontconfig scanned the files in, which differs
 * between file systems, and Lambda could print a name in other glyphs than the local stack.
 */
export function fontconfigFile(dirs: readonly string[], cacheDir: string): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const prefer = PRINT_FAMILIES.map((f) => `<family>${esc(f)}</family>`).join('');
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    ...dirs.map((d) => `  <dir>${esc(d)}</dir>`),
    `  <cachedir>${esc(cacheDir)}</cachedir>`,
    // A request without a generic family (Chromium's per-character fallback) gets sans-serif...
    '  <match target="pattern">',
    '    <test qual="all" name="family" compare="not_eq"><string>sans-serif</string></test>',
    '    <test qual="all" name="family" compare="not_eq"><string>serif</string></test>',
    '    <test qual="all" name="family" compare="not_eq"><string>monospace</string></test>',
    '    <edit name="family" mode="append_last"><string>sans-serif</string></edit>',
    '  </match>',
    // ...and every generic family means these fonts, in this order.
    ...['sans-serif', 'serif', 'monospace', 'system-ui'].map((g) => `  <alias binding="same"><family>${g}</family><prefer>${prefer}</prefer></alias>`),
    '</fontconfig>',
    '',
  ].join('\n');
}

/** Where @sparticuz/chromium extracts Open Sans (it does so when asked for its executable). */
export function openSansFiles(fontsRoot: string): string[] {
  const dir = join(fontsRoot, 'fonts', 'Open_Sans');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.ttf'))
        .sort()
        .map((f) => join(dir, f))
    : [];
}

/**
 * Every code point some print font draws, as sorted inclusive ranges: what form/printable.ts
 * lets an applicant save (scripts/print-fonts.ts --coverage writes it there).
 */
export function printCoverage(openSans: readonly string[], sources: readonly FontSource[] = printFontSources()): Array<[number, number]> {
  const all = new Set<number>();
  for (const file of openSans) for (const c of sfntCoverage(readFileSync(file))) all.add(c);
  for (const s of sources) for (const c of sfntCoverage(woffToSfnt(readFileSync(s.path)))) all.add(c);
  const ranges: Array<[number, number]> = [];
  for (const c of [...all].sort((a, b) => a - b)) {
    const last = ranges[ranges.length - 1];
    if (last && last[1] === c - 1) last[1] = c;
    else ranges.push([c, c]);
  }
  return ranges;
}
