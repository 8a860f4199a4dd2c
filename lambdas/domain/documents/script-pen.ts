/**
 * A stamped line in a script Helvetica cannot draw (Arabic): Latin-1 stays in Helvetica, the rest
 * is drawn in the font the renderer prints the copy with, embedded as a subset of the glyphs
 * drawn (fontkit 2: the subsetting API @cantoo/pdf-lib calls; @pdf-lib/fontkit's older one
 * fails there).
 *
 * fontkit shapes the font's letters (Arabic's joined forms and ligatures) and lays a
 * right-to-left script's glyphs out in visual order; the order of the line's pieces (an Arabic
 * sentence around a Latin file name and digits) is the Unicode Bidirectional Algorithm's
 * (bidi-js): each piece of one level and one font is drawn where the algorithm puts it, mirrored
 * brackets included. Such a line says its characters in reading order in an `/ActualText` span,
 * as Chromium's Arabic does: readers (copy, search, screen readers) read the words, not glyphs.
 *
 * assemble.ts imports this module only for a copy that needs it: fontkit's and bidi-js's
 * initialisation (Unicode tables, brotli's dictionary) would otherwise add to every cold start.
 */
import {
  PDFHexString,
  PDFOperator,
  PDFOperatorNames,
  beginText,
  endText,
  popGraphicsState,
  pushGraphicsState,
  setFillingColor,
  setFontAndSize,
  setTextMatrix,
  showText,
  type PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFPage,
  type StandardFonts,
} from '@cantoo/pdf-lib';
import bidiFactory from 'bidi-js';
import * as fontkit from 'fontkit';
import type { Font, GlyphRun } from 'fontkit';
import { encoding, type PenStyle, type StampPen } from './stamp-text';

let bidi: ReturnType<typeof bidiFactory> | undefined;

/** The font beside Helvetica, embedded once in a document for every pen: pdf-lib's font and fontkit's reading of it. */
export interface ScriptFont {
  font: PDFFont;
  shaper: Font;
}

/** Embeds `fontBytes` (OpenType) as a subset of the glyphs drawn. */
export async function embedScriptFont(pdf: PDFDocument, fontBytes: Uint8Array): Promise<ScriptFont> {
  pdf.registerFontkit(fontkit);
  const font = await pdf.embedFont(fontBytes, { subset: true });
  return { font, shaper: shaperOf(fontBytes) };
}

const shapers = new WeakMap<Uint8Array, Font>();

/** fontkit's reading of the font, for its coverage and the glyphs' positions (which pdf-lib does not use); once per container, as the font's bytes are. */
function shaperOf(fontBytes: Uint8Array): Font {
  let shaper = shapers.get(fontBytes);
  if (!shaper) {
    const read = fontkit.create(Buffer.from(fontBytes.buffer, fontBytes.byteOffset, fontBytes.byteLength));
    if (!('layout' in read)) throw new Error('the stamp font is a collection, not one font');
    shaper = read;
    shapers.set(fontBytes, shaper);
  }
  return shaper;
}

/** A piece of a line: characters of one bidi level and one font, in the order the font is handed them. */
interface Piece {
  text: string;
  script: boolean;
}

/**
 * Helvetica (or its bold) for what it encodes, else the script font where it has a glyph, else
 * '?'; the line ordered for `direction` by the bidi algorithm.
 */
export async function scriptPen(
  pdf: PDFDocument,
  name: StandardFonts.Helvetica | StandardFonts.HelveticaBold,
  { font: other, shaper }: ScriptFont,
  direction: 'ltr' | 'rtl',
): Promise<StampPen> {
  const latin = await pdf.embedFont(name);
  const encodes = encoding(latin);
  // A piece is laid out several times (its direction, its width, its glyphs' places): once is enough.
  const runs = new Map<string, GlyphRun>();
  const layout = (text: string): GlyphRun => {
    let run = runs.get(text);
    if (!run) {
      run = shaper.layout(text);
      runs.set(text, run);
    }
    return run;
  };
  const fontOf = (c: string): 'latin' | 'script' | undefined =>
    encodes(c) ? 'latin' : shaper.hasGlyphForCodePoint(c.codePointAt(0) ?? 0) ? 'script' : undefined;
  const printable = (text: string) => [...text].map((c) => (fontOf(c) ? c : '?')).join('');

  /** The line's pieces, left to right as drawn. */
  const pieces = (line: string): Piece[] => {
    bidi ??= bidiFactory();
    const embedding = bidi.getEmbeddingLevels(line, direction);
    const { levels } = embedding;
    const mirrored = bidi.getMirroredCharactersMap(line, levels);
    const order = [...line].map((_, i) => i);
    // printable() leaves no character outside the Basic Multilingual Plane (neither font has one),
    // so the algorithm's indices (UTF-16 code units) are the characters'.
    for (const [start = 0, end = -1] of bidi.getReorderSegments(line, embedding))
      order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
    const groups: number[][] = [];
    let last: number | undefined;
    for (const i of order) {
      const group = groups.at(-1);
      const same =
        group !== undefined && last !== undefined && Math.abs(i - last) === 1 && levels[i] === levels[last] && fontOf(line[i]!) === fontOf(line[last]!);
      if (same) group.push(i);
      else groups.push([i]);
      last = i;
    }
    return groups.map((group) => {
      const logical = [...group]
        .sort((a, b) => a - b)
        .map((i) => mirrored.get(i) ?? line[i]!)
        .join('');
      const script = fontOf(line[group[0]!]!) === 'script';
      const rightToLeft = (levels[group[0]!]! & 1) === 1;
      // fontkit lays a right-to-left script out right to left by itself; anything else is drawn
      // in the order given, so a right-to-left piece of it (a space, a bracket, an Arabic comma) is given reversed.
      const laidOutReversed = script && layout(logical).direction === 'rtl';
      return { text: rightToLeft && !laidOutReversed ? [...logical].reverse().join('') : logical, script };
    });
  };
  const widthOf = (piece: Piece, size: number) =>
    piece.script
      ? (layout(piece.text).positions.reduce((sum, p) => sum + p.xAdvance, 0) * size) / shaper.unitsPerEm
      : latin.widthOfTextAtSize(piece.text, size);

  /**
   * A piece in the script font, glyph by glyph where fontkit positions it: pdf-lib would draw the
   * glyphs one after the other by their advance widths, and Noto Sans Arabic draws a letter as a
   * dotless form plus its dots, which only its positioning table (GPOS) puts in place.
   */
  const fontKeys = new Map<PDFPage, PDFName>();
  const drawShaped = (page: PDFPage, text: string, { x, y, size, color }: PenStyle) => {
    let key = fontKeys.get(page);
    if (!key) {
      key = page.node.newFontDictionary(other.name, other.ref);
      fontKeys.set(page, key);
    }
    // The subset's codes of the glyphs, in the order fontkit lays them out (pdf-lib lays the text out the same way).
    const codes = other.encodeText(text).asString().match(/.{4}/g) ?? [];
    const { positions } = layout(text);
    const scale = size / shaper.unitsPerEm;
    const operators = [pushGraphicsState(), setFillingColor(color), beginText(), setFontAndSize(key, size)];
    let pen = x;
    codes.forEach((code, i) => {
      const at = positions[i];
      operators.push(setTextMatrix(1, 0, 0, 1, pen + (at?.xOffset ?? 0) * scale, y + (at?.yOffset ?? 0) * scale), showText(PDFHexString.of(code)));
      pen += (at?.xAdvance ?? 0) * scale;
    });
    page.pushOperators(...operators, endText(), popGraphicsState());
  };

  return {
    printable,
    width: (text, size) => pieces(printable(text)).reduce((sum, piece) => sum + widthOf(piece, size), 0),
    draw: (page, text, style) => {
      const line = printable(text);
      const actualText = `<< /ActualText ${PDFHexString.fromText(line).toString()} >>`;
      page.pushOperators(PDFOperator.of(PDFOperatorNames.BeginMarkedContentSequence, ['/Span', actualText]));
      let x = style.x;
      for (const piece of pieces(line)) {
        if (piece.script) drawShaped(page, piece.text, { ...style, x });
        else page.drawText(piece.text, { x, y: style.y, size: style.size, font: latin, color: style.color });
        x += widthOf(piece, style.size);
      }
      page.pushOperators(PDFOperator.of(PDFOperatorNames.EndMarkedContent));
    },
  };
}
