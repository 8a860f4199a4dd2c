/**
 * Decompression bombs of about 1 MB that inflate to about 1 GB (and an image of 400 megapixels):
 * each conversion fails with the reason the applicant reads, and the process's peak memory grows
 * by far less than the bomb would take (without the bounds: 1–2 GB, or a crash).
 */
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { docxBomb, pdfBomb, pngBomb, wordPackage } from '#test/fixtures/bombs';
import * as fixtures from '#test/fixtures/documents';
import { pdfText } from '#test/fixtures/pdf-text';
import { DOCX_MAX_INFLATED } from './zip-inflation';
import { CONVERSION_MESSAGES, ConversionFailure, FILE_MAX_BYTES, convertToPdf, type HtmlPrinter } from '.';

const printer: HtmlPrinter = () => fixtures.pdf(['Printed']);
/** Peak memory may grow by this much at most: the bounds are 20 MB (docx), 64 MB (PDF streams) and 40 megapixels. */
const MAX_GROWTH_MB = 200;

async function refusal(bytes: Uint8Array, fileName: string): Promise<{ failure: ConversionFailure; grewMb: number }> {
  const before = process.resourceUsage().maxRSS;
  const failure = await convertToPdf(bytes, printer, fileName).then(
    () => undefined,
    (e: unknown) => e,
  );
  const grewMb = (process.resourceUsage().maxRSS - before) / 1024;
  expect(failure).toBeInstanceOf(ConversionFailure);
  return { failure: failure as ConversionFailure, grewMb };
}

describe('decompression bombs', () => {
  it('the message the applicant reads', () => {
    expect(CONVERSION_MESSAGES.expands).toBe('This file expands to more than we can read. Please save it again or upload a PDF.');
  });

  it.each([
    ['a .docx whose document.xml inflates to 1 GB', () => docxBomb(), 'essay.docx'],
    ['the same .docx, its directory claiming 10 kB', () => docxBomb({ declaredSize: 10_000 }), 'essay.docx'],
    ['a PDF whose object stream inflates to 1 GB', () => pdfBomb('object stream'), 'transcript.pdf'],
    ['a PDF whose page content inflates to 1 GB', () => pdfBomb('page content'), 'transcript.pdf'],
    ['a PNG of 20000 × 20000 pixels', () => pngBomb(), 'scan.png'],
  ])('%s is refused as expanding too far, in little memory', async (_what, make, fileName) => {
    const bytes = make();
    expect(bytes.length).toBeLessThanOrEqual(FILE_MAX_BYTES);
    const { failure, grewMb } = await refusal(bytes, fileName);
    expect(failure.reason).toBe('expands');
    expect(failure.message).toBe(CONVERSION_MESSAGES.expands);
    expect(grewMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('ordinary files still convert: a PDF with compressed content, a docx, a large photo', { timeout: 30_000 }, async () => {
    const text = Array.from({ length: 40 }, (_, i) => `Line ${i} of an ordinary transcript`);
    const pdf = await convertToPdf(await fixtures.pdf(text, 20), printer, 'a.pdf');
    expect((await pdfText(pdf.pdf)).pages).toBe(20);
    expect((await convertToPdf(fixtures.docx(), printer, 'a.docx')).type).toBe('docx');
    expect((await convertToPdf(await fixtures.png(4000, 3000), printer, 'a.png')).type).toBe('png');
  });

  it('a docx just under the bound converts, one just over it does not', { timeout: 30_000 }, async () => {
    const docx = (bodyBytes: number) => {
      const open =
        '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Kept</w:t></w:r></w:p>';
      const close = '</w:body></w:document>';
      const padding = bodyBytes - open.length - close.length;
      return wordPackage({
        name: 'word/document.xml',
        data: deflateRawSync(Buffer.concat([Buffer.from(open), Buffer.alloc(padding, 0x20), Buffer.from(close)])),
        deflatedFrom: bodyBytes,
      });
    };
    expect((await convertToPdf(docx(DOCX_MAX_INFLATED - 4096), printer, 'a.docx')).type).toBe('docx');
    expect((await refusal(docx(DOCX_MAX_INFLATED + 4096), 'a.docx')).failure.reason).toBe('expands');
  });
});
