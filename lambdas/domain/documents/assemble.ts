/**
 * The application PDF: the printed application, then every converted document, then
 * "Page n of N" stamped on every page of the whole file (Chromium can only number its own part).
 * The whole file keeps only what its pages show: documents converted before the converter
 * dropped scripts, links and attached files lose them here too.
 */
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import { asError } from './conversion-error';
import { stripActiveContent } from './pdf-active-content';

export interface AssembleResult {
  pdf: Uint8Array;
  pages: number;
  /** Documents that could not be appended (stored output unreadable): listed, not fatal. */
  skipped: string[];
}

export async function assembleApplicationPdf(
  application: Uint8Array,
  documents: ReadonlyArray<{ label: string; pdf: Uint8Array }>,
): Promise<AssembleResult> {
  const out = await PDFDocument.load(application);
  const skipped: string[] = [];
  for (const doc of documents) {
    try {
      const source = await PDFDocument.load(doc.pdf);
      const pages = await out.copyPages(source, source.getPageIndices());
      for (const page of pages) out.addPage(page);
    } catch (thrown) {
      skipped.push(`${doc.label}: ${asError(thrown).message}`);
    }
  }
  await stampPageNumbers(out);
  stripActiveContent(out);
  return { pdf: await out.save(), pages: out.getPageCount(), skipped };
}

export function pageLabel(n: number, total: number): string {
  return `Page ${n} of ${total}`;
}

async function stampPageNumbers(pdf: PDFDocument): Promise<void> {
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pages = pdf.getPages();
  const size = 9;
  pages.forEach((page, i) => {
    const text = pageLabel(i + 1, pages.length);
    const box = page.getCropBox();
    page.drawText(text, {
      x: box.x + (box.width - font.widthOfTextAtSize(text, size)) / 2,
      y: box.y + 16,
      size,
      font,
      color: rgb(0.25, 0.25, 0.25),
    });
  });
}
