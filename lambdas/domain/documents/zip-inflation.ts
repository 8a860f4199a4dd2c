/**
 * How much a .docx (a ZIP package) expands to, bounded before it is parsed. A 1 MB upload can
 * hold a document.xml that inflates to a gigabyte, and the Word reader inflates every part
 * whole. So the package's central directory (the list the reader itself follows) is read here,
 * and each entry is inflated with zlib up to what is left of the bound, which stops at the bound:
 * the sizes the directory declares are not trusted, since a forged directory can declare
 * anything. At most 20 MB in all and 1,000 entries.
 *
 * The ZIP libraries at hand (fflate, JSZip) inflate without such a bound or do not say where an
 * entry's data lies, so the directory is read here; ZIP64 (which a 1 MB Word file never needs)
 * is refused rather than read.
 */
import { inflateRawSync } from 'node:zlib';
import { ConversionFailure } from './conversion-error';

export const DOCX_MAX_INFLATED = 20 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 1000;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

function expands(detail: string): ConversionFailure {
  return new ConversionFailure('expands', detail);
}

/** The last end-of-directory record (as ZIP readers find it: a comment may follow it, up to 64 kB). */
function endOfDirectory(zip: Buffer): number {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return -1;
}

export function checkDocxInflation(bytes: Uint8Array): void {
  const zip = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = endOfDirectory(zip);
  // Not a readable package: the Word reader says so (the file is damaged).
  if (end < 0) return;
  let at = zip.readUInt32LE(end + 16);
  if (at === 0xffffffff || zip.readUInt16LE(end + 10) === 0xffff) throw expands('ZIP64 package');
  let entries = 0;
  let total = 0;
  while (at + 46 <= zip.length && zip.readUInt32LE(at) === DIRECTORY_ENTRY) {
    entries += 1;
    if (entries > DOCX_MAX_ENTRIES) throw expands(`more than ${DOCX_MAX_ENTRIES} entries`);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    if (compressedSize === 0xffffffff || local === 0xffffffff) throw expands('ZIP64 entry');
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) continue;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressedSize);
    total += method === STORED ? data.length : method === DEFLATED ? inflatedSize(data, DOCX_MAX_INFLATED - total) : 0;
    if (total > DOCX_MAX_INFLATED) throw expands(`entries inflate to more than ${DOCX_MAX_INFLATED} bytes`);
  }
}

/** Bytes a deflated entry inflates to, or anything above the budget once it is passed. */
function inflatedSize(data: Buffer, budget: number): number {
  try {
    return inflateRawSync(data, { maxOutputLength: Math.max(1, budget + 1) }).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return budget + 1;
    // Broken data: the Word reader will find the file damaged.
    return 0;
  }
}
