/**
 * An uploaded PDF → a plain, unencrypted PDF of Letter-or-original pages. @cantoo/pdf-lib opens
 * files encrypted with only an owner password (the empty user password decrypts them); a
 * file that needs a password to open is refused with a message saying so. The pages are copied
 * into a fresh document, which drops the encryption and any broken structure around them, and
 * keep only what they show (no script, action, link, form field or attached file survives).
 * What the file's streams inflate to is bounded before it is parsed (pdf-inflation.ts).
 */
import { PDFDocument, EncryptedPDFError } from '@cantoo/pdf-lib';
import { ConversionFailure, asError, parseOrFail } from './conversion-error';
import { stripActiveContent } from './pdf-active-content';
import { checkPdfInflation } from './pdf-inflation';

const MAX_PAGES = 200;

function needsPassword(error: Error): boolean {
  return /NEEDS PASSWORD|password/i.test(error.message);
}

/** A complete PDF ends with %%EOF (readers look in the last 1024 bytes); a cut-short upload does not. */
function endsProperly(bytes: Uint8Array): boolean {
  const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.length - 1024))).toString('latin1');
  return tail.includes('%%EOF');
}

async function open(bytes: Uint8Array): Promise<PDFDocument> {
  try {
    return await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (thrown) {
    if (!(thrown instanceof EncryptedPDFError)) throw new ConversionFailure('corrupt', asError(thrown).message);
  }
  try {
    return await PDFDocument.load(bytes, { password: '', updateMetadata: false });
  } catch (thrown) {
    const error = asError(thrown);
    throw new ConversionFailure(needsPassword(error) ? 'password' : 'corrupt', error.message);
  }
}

export async function normalisePdf(bytes: Uint8Array): Promise<Uint8Array> {
  if (!endsProperly(bytes)) throw new ConversionFailure('corrupt', 'no %%EOF');
  checkPdfInflation(bytes);
  const source = await open(bytes);
  return parseOrFail(async () => {
    const count = source.getPageCount();
    if (count === 0) throw new ConversionFailure('corrupt', 'no pages');
    if (count > MAX_PAGES) throw new ConversionFailure('corrupt', `${count} pages`);
    const out = await PDFDocument.create({ updateMetadata: false });
    const pages = await out.copyPages(source, source.getPageIndices());
    for (const page of pages) out.addPage(page);
    stripActiveContent(out);
    return out.save();
  });
}
