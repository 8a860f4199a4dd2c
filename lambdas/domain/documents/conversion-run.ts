/**
 * One conversion of an uploaded file to PDF, as both kinds of upload run it (an applicant's
 * document answer, a recommender's letter): read at most FILE_MAX_BYTES, convert with the form's
 * rules, store the PDF. A file that cannot become a PDF is FAILED with the message the uploader
 * is shown; a run that broke for a reason of ours (storage unreachable, the browser crashed) is
 * INTERRUPTED, worth another try.
 */
import { ConversionFailure, asError } from './conversion-error';
import { convertToPdf, type HtmlPrinter } from './convert';
import { CONVERSION_MESSAGES, FILE_MAX_BYTES } from './files';

export type BoundedUpload = { kind: 'missing' } | { kind: 'tooLarge'; size: number } | { kind: 'ok'; bytes: Uint8Array };

export interface ConversionRunPorts {
  readUpload(key: string, maxBytes: number): Promise<BoundedUpload>;
  storePdf(key: string, bytes: Uint8Array): Promise<void>;
  print: HtmlPrinter;
}

/** What a conversion records: the PDF's key, or the message the uploader is shown. */
export type ConversionResult = { status: 'COMPLETED'; convertedKey: string } | { status: 'FAILED'; message: string };

/** A refused file says why (for the log); an interrupted run carries its error. */
export type ConversionRun =
  | { status: 'COMPLETED'; convertedKey: string }
  | { status: 'FAILED'; message: string; refused?: { reason: string; detail?: string | undefined } }
  | { status: 'INTERRUPTED'; error: Error };

/** Converts the upload at `key` into a PDF stored at `output`. */
export async function runConversion(ports: ConversionRunPorts, key: string, output: string, fileName?: string): Promise<ConversionRun> {
  try {
    const read = await ports.readUpload(key, FILE_MAX_BYTES);
    // Deleted since (the answer was removed, the link replaced): nothing to retry.
    if (read.kind === 'missing') return { status: 'FAILED', message: CONVERSION_MESSAGES.failed };
    if (read.kind === 'tooLarge') return { status: 'FAILED', message: CONVERSION_MESSAGES.tooLarge };
    const { pdf } = await convertToPdf(read.bytes, ports.print, fileName || undefined);
    await ports.storePdf(output, pdf);
    return { status: 'COMPLETED', convertedKey: output };
  } catch (thrown) {
    // 'failed' is the converter's own trouble (a good docx the browser could not print): worth another try.
    if (thrown instanceof ConversionFailure && thrown.reason !== 'failed')
      return { status: 'FAILED', message: thrown.message, refused: { reason: thrown.reason, detail: thrown.detail } };
    return { status: 'INTERRUPTED', error: asError(thrown) };
  }
}
