/**
 * How a stamped line (a page number, an attachment's caption) is drawn over the printed PDF.
 * Helvetica, a standard font, costs no bytes but encodes Latin-1 only: the office's copy and the
 * Latin-script copies draw with it, other characters as '?'. A copy whose words need another
 * script (Arabic) draws with script-pen.ts, which embeds a font for them beside Helvetica.
 */
import type { Color, PDFDocument, PDFFont, PDFPage, StandardFonts } from '@cantoo/pdf-lib';

export interface PenStyle {
  x: number;
  y: number;
  size: number;
  color: Color;
}

/** Draws one line of text in the copy's fonts. */
export interface StampPen {
  /** The text as it will be read: a character no font of the pen has becomes '?'. */
  printable: (text: string) => string;
  width: (text: string, size: number) => number;
  draw: (page: PDFPage, text: string, style: PenStyle) => void;
}

/** What a standard font encodes (WinAnsi: Latin-1 and a few more); pdf-lib would draw anything else as '?' without a word. */
export function encoding(font: PDFFont): (c: string) => boolean {
  const codes = new Set(font.getCharacterSet());
  return (c) => codes.has(c.codePointAt(0) ?? -1);
}

/** Helvetica (or its bold) alone: what every copy in a Latin script draws with. */
export async function standardPen(pdf: PDFDocument, name: StandardFonts.Helvetica | StandardFonts.HelveticaBold): Promise<StampPen> {
  const font = await pdf.embedFont(name);
  const encodes = encoding(font);
  const printable = (text: string) => [...text].map((c) => (encodes(c) ? c : '?')).join('');
  return {
    printable,
    width: (text, size) => font.widthOfTextAtSize(printable(text), size),
    draw: (page, text, { x, y, size, color }) => page.drawText(printable(text), { x, y, size, font, color }),
  };
}
