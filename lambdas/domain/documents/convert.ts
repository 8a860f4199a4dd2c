/**
 * One upload → one PDF, or a ConversionFailure naming what the applicant must fix. Printing
 * HTML needs a browser, which the caller passes in (the renderer adapter), so this stays free
 * of I/O and testable with any printer.
 */
import { ConversionFailure, asError } from './conversion-error';
import { imageToPdf } from './convert-image';
import { normalisePdf } from './convert-pdf';
import { checkUpload } from './detect';
import { docxToHtml } from './docx-html';
import type { DetectedType } from './files';

export type HtmlPrinter = (html: string) => Promise<Uint8Array>;

export interface Converted {
  type: DetectedType;
  pdf: Uint8Array;
}

export async function convertToPdf(bytes: Uint8Array, printHtml: HtmlPrinter, fileName?: string): Promise<Converted> {
  const type = await checkUpload(bytes, fileName);
  switch (type) {
    case 'png':
    case 'jpeg':
      return { type, pdf: await imageToPdf(bytes, type) };
    case 'pdf':
      return { type, pdf: await normalisePdf(bytes) };
    case 'docx': {
      const html = await docxToHtml(bytes, fileName);
      try {
        return { type, pdf: await printHtml(html) };
      } catch (thrown) {
        // The document parsed; a print failure is ours, not the applicant's.
        throw new ConversionFailure('failed', asError(thrown).message);
      }
    }
  }
}
