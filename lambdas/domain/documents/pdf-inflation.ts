/**
 * How much a PDF expands to, bounded before the PDF is parsed. A 1 MB upload can hold a stream
 * that inflates to a gigabyte; the PDF library inflates every object stream whole while it
 * parses, and viewers inflate the rest. So every stream is measured first, each object found in
 * the raw bytes and read with the library's own object parser, and the file is refused as soon
 * as the total passes a bound:
 * - every stream the library or a viewer would inflate, together, at most 64 MB;
 * - object streams (whose objects the library materialises), at most 8 MB and 200,000 objects.
 * Flate (nearly every stream) is measured with zlib, which stops at the bound; other expanding
 * filters with the library's decoders, read in bounded steps. A stream that cannot be inflated
 * here (an encrypted file's object streams) counts as the most Flate can expand it to.
 */
import { constants, inflateSync } from 'node:zlib';
import { PDFArray, PDFContext, PDFName, PDFNumber, PDFObjectParser, PDFRawStream, decodePDFRawStream } from '@cantoo/pdf-lib';
import { ConversionFailure } from './conversion-error';

const MB = 1024 * 1024;
export const PDF_MAX_INFLATED = 64 * MB;
export const PDF_MAX_OBJECT_STREAM_BYTES = 8 * MB;
export const PDF_MAX_OBJECT_STREAM_OBJECTS = 200_000;
/** Deflate's largest possible expansion (a 258-byte match in about two bits). */
const FLATE_MAX_RATIO = 1032;
const EXPANDING = new Set(['FlateDecode', 'LZWDecode', 'RunLengthDecode', 'Fl', 'LZW', 'RL']);
const STEP = MB;

interface Totals {
  all: number;
  objectStreams: number;
  objects: number;
}

export function checkPdfInflation(bytes: Uint8Array): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const context = PDFContext.create();
  const totals: Totals = { all: 0, objectStreams: 0, objects: 0 };
  for (const header of text.matchAll(/\d+\s+\d+\s+obj\b/g)) {
    let object: unknown;
    try {
      object = PDFObjectParser.forBytes(bytes.subarray(header.index + header[0].length), context).parseObject();
    } catch {
      continue; // Not an object (the pattern matched inside binary data), or a broken one the library will judge.
    }
    if (object instanceof PDFRawStream) measure(object, totals);
  }
}

function expands(detail: string): ConversionFailure {
  return new ConversionFailure('expands', detail);
}

function measure(stream: PDFRawStream, totals: Totals): void {
  const type = stream.dict.get(PDFName.of('Type'));
  const materialised = type === PDFName.of('ObjStm') || type === PDFName.of('XRef');
  if (type === PDFName.of('ObjStm')) {
    const count = stream.dict.get(PDFName.of('N'));
    totals.objects += count instanceof PDFNumber ? count.asNumber() : Number.POSITIVE_INFINITY;
    if (!(totals.objects <= PDF_MAX_OBJECT_STREAM_OBJECTS)) throw expands(`object streams hold more than ${PDF_MAX_OBJECT_STREAM_OBJECTS} objects`);
  }
  const budget = Math.min(PDF_MAX_INFLATED - totals.all, materialised ? PDF_MAX_OBJECT_STREAM_BYTES - totals.objectStreams : Number.POSITIVE_INFINITY);
  const size = inflatedSize(stream, budget, materialised);
  totals.all += size;
  if (materialised) totals.objectStreams += size;
  if (totals.all > PDF_MAX_INFLATED) throw expands(`streams inflate to more than ${PDF_MAX_INFLATED} bytes`);
  if (totals.objectStreams > PDF_MAX_OBJECT_STREAM_BYTES) throw expands(`object streams inflate to more than ${PDF_MAX_OBJECT_STREAM_BYTES} bytes`);
}

/** The stream's filters by name, or undefined when they are not plain names (an indirect filter list). */
function filterNames(stream: PDFRawStream): string[] | undefined {
  const filter = stream.dict.get(PDFName.of('Filter'));
  if (filter === undefined) return [];
  if (filter instanceof PDFName) return [filter.decodeText()];
  if (filter instanceof PDFArray) {
    const names = filter.asArray().flatMap((f) => (f instanceof PDFName ? [f.decodeText()] : []));
    return names.length === filter.size() ? names : undefined;
  }
  return undefined;
}

/** Bytes the stream inflates to, or anything above the budget once it is passed. */
function inflatedSize(stream: PDFRawStream, budget: number, materialised: boolean): number {
  const data = stream.getContents();
  const filters = filterNames(stream);
  const expanding = filters?.filter((f) => EXPANDING.has(f)).length ?? Number.POSITIVE_INFINITY;
  if (expanding === 0) return 0;
  // The most it could be, for a stream measured no other way.
  const worstCase = data.length * FLATE_MAX_RATIO ** Math.min(expanding, 3);
  if (!filters) return worstCase;
  if (expanding === 1 && (filters[0] === 'FlateDecode' || filters[0] === 'Fl')) {
    // Later filters are image codecs that nothing here decodes.
    try {
      return inflateSync(data, { maxOutputLength: budget + 1, finishFlush: constants.Z_SYNC_FLUSH }).length;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return budget + 1;
      // Not Flate data as it stands: encrypted, or broken. Only the object streams are inflated regardless.
      return materialised ? worstCase : 0;
    }
  }
  let size = 0;
  try {
    const decoder = decodePDFRawStream(stream);
    while (size <= budget) {
      const step = decoder.getBytes(STEP);
      if (step.length === 0) break;
      size += step.length;
    }
    return size;
  } catch {
    // A filter the library does not decode (an image codec) ends the chain for it too.
    return size > 0 ? size : materialised ? worstCase : 0;
  }
}
