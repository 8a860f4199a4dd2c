/**
 * The application PDF: the printed application, then every converted document under a caption
 * naming the question it answers and its file, then "Page n of N" stamped on every page of the
 * whole file (Chromium can only number its own part); both in the copy's language (issue 41:
 * the applicant's own copy in theirs, the office's in the institution's), drawn by stamp-text.ts.
 * The whole file keeps only what its pages show: documents converted before the converter
 * dropped scripts, links and attached files lose them here too.
 */
import { PDFDocument, StandardFonts, rgb, type PDFPage } from '@cantoo/pdf-lib';
import { DEFAULT_LANGUAGE } from '#form/i18n/languages';
import { stampWording, type StampWording } from '#form/i18n/pdf-words';
import { asError } from './conversion-error';
import { stripActiveContent } from './pdf-active-content';
import { standardPen, type StampPen } from './stamp-text';

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

/** The words stamped, and the font (OpenType bytes) for what Helvetica cannot draw: the Arabic copy's. */
export interface Stamps {
  wording: StampWording;
  font?: Uint8Array;
}

/** The office's copy: the institution's language, in Helvetica alone. */
export const officeStamps = async (): Promise<Stamps> => ({ wording: await stampWording(DEFAULT_LANGUAGE) });

/** Room at the top of an attachment's page for its caption; the document's page is scaled to fit below. */
const CAPTION_BAND = 40;
const CAPTION_SIZE = 10;

export async function assembleApplicationPdf(application: Uint8Array, documents: readonly Attachment[], given?: Stamps): Promise<AssembleResult> {
  const out = await PDFDocument.load(application);
  const stamps = given ?? (await officeStamps());
  const { wording } = stamps;
  // fontkit and the bidi algorithm load only for a copy that needs them (script-pen.ts).
  const scripted = stamps.font ? await import('./script-pen') : undefined;
  const script = scripted && stamps.font ? await scripted.embedScriptFont(out, stamps.font) : undefined;
  const penOf = (name: StandardFonts.Helvetica | StandardFonts.HelveticaBold) =>
    scripted && script ? scripted.scriptPen(out, name, script, wording.direction) : standardPen(out, name);
  const bold = documents.length ? await penOf(StandardFonts.HelveticaBold) : undefined;
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
        if (bold) drawCaption(page, bold, wording.caption(doc, i, pages.length), wording.direction);
        out.addPage(page);
      });
    } catch (thrown) {
      skipped.push(`${doc.label}: ${asError(thrown).message}`);
    }
  }
  stampPageNumbers(out, await penOf(StandardFonts.Helvetica), wording);
  stripActiveContent(out);
  return { pdf: await out.save(), pages: out.getPageCount(), skipped };
}

/** One line at the top of the sheet, on the side its language starts from; a name too long for it is cut with an ellipsis. */
function drawCaption(page: PDFPage, pen: StampPen, text: string, direction: 'ltr' | 'rtl'): void {
  const { width, height } = page.getSize();
  const room = width - 72;
  let line = pen.printable(text);
  if (pen.width(line, CAPTION_SIZE) > room) {
    while (line.length > 1 && pen.width(`${line}…`, CAPTION_SIZE) > room) line = line.slice(0, -1);
    line = `${line}…`;
  }
  const x = direction === 'rtl' ? width - 36 - pen.width(line, CAPTION_SIZE) : 36;
  pen.draw(page, line, { x, y: height - CAPTION_BAND + 14, size: CAPTION_SIZE, color: rgb(0.1, 0.1, 0.1) });
}

function stampPageNumbers(pdf: PDFDocument, pen: StampPen, wording: StampWording): void {
  const pages = pdf.getPages();
  const size = 9;
  pages.forEach((page, i) => {
    const text = wording.pageLabel(i + 1, pages.length);
    const box = page.getCropBox();
    pen.draw(page, text, { x: box.x + (box.width - pen.width(text, size)) / 2, y: box.y + 16, size, color: rgb(0.25, 0.25, 0.25) });
  });
}
