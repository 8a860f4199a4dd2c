/**
 * The application PDF: the printed application, then every converted document under a caption
 * naming the question it answers and its file, then "Page n of N" stamped on every page of the
 * whole file (Chromium can only number its own part).
 * The whole file keeps only what its pages show: documents converted before the converter
 * dropped scripts, links and attached files lose them here too.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from '@cantoo/pdf-lib';
import { asError } from './conversion-error';
import { stripActiveContent } from './pdf-active-content';

export interface AssembleResult {
  pdf: Uint8Array;
  pages: number;
  /** Documents that could not be appended (stored output unreadable): listed, not fatal. */
  skipped: string[];
}

export interface Attachment {
  /** The question the document answers, as the office reads it (its print label). */
  label: string;
  fileName?: string;
  pdf: Uint8Array;
}

/** Room at the top of an attachment's page for its caption; the document's page is scaled to fit below. */
const CAPTION_BAND = 40;
const CAPTION_SIZE = 10;

export async function assembleApplicationPdf(application: Uint8Array, documents: readonly Attachment[]): Promise<AssembleResult> {
  const out = await PDFDocument.load(application);
  const bold = await out.embedFont(StandardFonts.HelveticaBold);
  const skipped: string[] = [];
  for (const doc of documents) {
    try {
      const source = await PDFDocument.load(doc.pdf);
      const pages = await out.copyPages(source, source.getPageIndices());
      pages.forEach((page, i) => {
        // The document's page shrinks a little, centred, to leave its caption room at the top.
        const { width, height } = page.getSize();
        const scale = (height - CAPTION_BAND) / height;
        page.scaleContent(scale, scale);
        page.scaleAnnotations(scale, scale);
        page.translateContent((width * (1 - scale)) / 2, 0);
        drawCaption(page, bold, captionText(doc, i, pages.length));
        out.addPage(page);
      });
    } catch (thrown) {
      skipped.push(`${doc.label}: ${asError(thrown).message}`);
    }
  }
  await stampPageNumbers(out);
  stripActiveContent(out);
  return { pdf: await out.save(), pages: out.getPageCount(), skipped };
}

/** "Attachment: High school transcript (transcript.pdf)", and on its later pages "…, page 2 of 3". */
export function captionText(doc: Pick<Attachment, 'label' | 'fileName'>, index: number, count: number): string {
  const file = doc.fileName ? ` (${doc.fileName})` : '';
  const page = count > 1 ? `, page ${index + 1} of ${count}` : '';
  return `Attachment: ${doc.label}${file}${page}`;
}

/** The standard fonts encode Latin-1 only: other characters of a file's name print as '?'. */
function encodable(font: PDFFont, text: string): string {
  return [...text]
    .map((c) => {
      try {
        font.encodeText(c);
        return c;
      } catch {
        return '?';
      }
    })
    .join('');
}

/** One line at the top of the sheet; a name too long for it is cut with an ellipsis. */
function drawCaption(page: PDFPage, font: PDFFont, text: string): void {
  const { width, height } = page.getSize();
  const room = width - 72;
  let line = encodable(font, text);
  if (font.widthOfTextAtSize(line, CAPTION_SIZE) > room) {
    while (line.length > 1 && font.widthOfTextAtSize(`${line}…`, CAPTION_SIZE) > room) line = line.slice(0, -1);
    line = `${line}…`;
  }
  page.drawText(line, { x: 36, y: height - CAPTION_BAND + 14, size: CAPTION_SIZE, font, color: rgb(0.1, 0.1, 0.1) });
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
