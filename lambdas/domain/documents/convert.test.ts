/** Conversions of each type, with a stand-in printer for docx (the renderer has its own test). */
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { stampWording } from '#form/i18n/pdf-words';
import * as fixtures from '#test/fixtures/documents';
import { pdfText } from '#test/fixtures/pdf-text';
import { docxToHtml } from './docx-html';
import { CONVERSION_MESSAGES, ConversionFailure, FILE_MESSAGES, assembleApplicationPdf, convertToPdf, type HtmlPrinter } from '.';

const noPrinter: HtmlPrinter = () => Promise.reject(new Error('no printer in this test'));

async function failureOf(promise: Promise<unknown>): Promise<ConversionFailure> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConversionFailure);
  return error as ConversionFailure;
}

/** Width and height of every image embedded in the PDF. */
async function imageSizes(bytes: Uint8Array): Promise<Array<[number, number]>> {
  const doc = await PDFDocument.load(bytes);
  const sizes: Array<[number, number]> = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFRawStream && obj.dict.get(PDFName.of('Subtype')) === PDFName.of('Image')) {
      sizes.push([(obj.dict.get(PDFName.of('Width')) as PDFNumber).asNumber(), (obj.dict.get(PDFName.of('Height')) as PDFNumber).asNumber()]);
    }
  }
  return sizes;
}

describe('converting uploads', () => {
  it('puts a png on one Letter page', async () => {
    const { type, pdf } = await convertToPdf(await fixtures.png(400, 300), noPrinter, 'scan.png');
    expect(type).toBe('png');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    expect(await imageSizes(pdf)).toEqual([[400, 300]]);
  });

  it.each(['photo.jpg', 'photo.jpeg'])('applies the EXIF orientation of a jpeg named %s (a phone photo stays upright)', async (name) => {
    const { type, pdf } = await convertToPdf(await fixtures.rotatedJpeg(400, 200), noPrinter, name);
    expect(type).toBe('jpeg');
    expect(await imageSizes(pdf)).toEqual([[200, 400]]);
  });

  it('keeps every page and the text of a PDF, and opens one restricted by an owner password only', async () => {
    const plain = await convertToPdf(await fixtures.pdf(['Keep me'], 3), noPrinter, 'a.pdf');
    expect((await pdfText(plain.pdf)).pages).toBe(3);
    const owner = await convertToPdf(await fixtures.ownerOnlyPdf(), noPrinter, 'a.pdf');
    const text = await pdfText(owner.pdf);
    expect(text.text).toContain('Protected fixture');
  });

  it.each([
    ['a PDF that needs a password', () => fixtures.passwordPdf(), 'a.pdf', CONVERSION_MESSAGES.password],
    ['a truncated PDF', () => fixtures.truncatedPdf(), 'a.pdf', CONVERSION_MESSAGES.corrupt],
    ['text named .png', () => Promise.resolve(fixtures.textFile()), 'a.png', FILE_MESSAGES.type],
    ['a zip named .docx', () => Promise.resolve(fixtures.plainZip()), 'a.docx', FILE_MESSAGES.type],
    ['an empty file', () => Promise.resolve(new Uint8Array()), 'a.png', FILE_MESSAGES.empty],
    ['1 MB + 1 byte', () => fixtures.oversized(), 'a.png', FILE_MESSAGES.tooLarge],
    ['a png named .pdf', () => fixtures.png(), 'a.pdf', CONVERSION_MESSAGES.mismatch],
    ['a damaged docx', () => Promise.resolve(fixtures.brokenDocx()), 'a.docx', CONVERSION_MESSAGES.corrupt],
  ])('refuses %s with its message', async (_what, make, name, message) => {
    expect((await failureOf(convertToPdf(await make(), noPrinter, name))).message).toBe(message);
  });

  it('refuses a png whose pixels are cut off', async () => {
    const whole = await fixtures.png(600, 600);
    const failure = await failureOf(convertToPdf(whole.slice(0, Math.floor(whole.length * 0.6)), noPrinter, 'a.png'));
    expect(failure.message).toBe(CONVERSION_MESSAGES.corrupt);
  });

  it('prints a docx as self-contained HTML that may load nothing', async () => {
    const html = await docxToHtml(fixtures.docx(['My resume', 'Tutor <b>at</b> the library']), 'cv.docx');
    expect(html).toContain('<h1>My resume</h1>');
    expect(html).toContain('Tutor &lt;b&gt;at&lt;/b&gt; the library');
    expect(html).toContain(`default-src 'none'`);
    let printed = '';
    const { type } = await convertToPdf(
      fixtures.docx(),
      async (h) => {
        printed = h;
        return fixtures.pdf();
      },
      'cv.docx',
    );
    expect(type).toBe('docx');
    expect(printed).toContain('Fixture document');
  });

  it('blames the service, not the file, when printing a good docx fails', async () => {
    expect((await failureOf(convertToPdf(fixtures.docx(), noPrinter, 'cv.docx'))).message).toBe(CONVERSION_MESSAGES.failed);
  });
});

describe('assembling the application PDF', () => {
  it('captions each attachment with its question and file, numbering its pages when it has more than one', async () => {
    const { caption } = await stampWording('en');
    expect(caption({ label: 'High school transcript', fileName: 'transcript.pdf' }, 0, 1)).toBe('Attachment: High school transcript (transcript.pdf)');
    expect(caption({ label: 'Resume' }, 1, 3)).toBe('Attachment: Resume, page 2 of 3');
  });

  it('appends documents and numbers every page of the whole file', async () => {
    const app = await fixtures.pdf(['Application'], 2);
    const result = await assembleApplicationPdf(app, [
      { label: 'Resume', fileName: 'cv.pdf', pdf: await fixtures.pdf(['Resume'], 1) },
      { label: 'broken', pdf: new Uint8Array([1, 2, 3]) },
    ]);
    expect(result.pages).toBe(3);
    expect(result.skipped).toHaveLength(1);
    const { pageTexts } = await pdfText(result.pdf);
    expect(pageTexts[2]).toContain('Resume');
    expect(pageTexts[2]).toContain('Attachment: Resume (cv.pdf)');
    pageTexts.forEach((t, i) => expect(t).toContain(`Page ${i + 1} of 3`));
  });
});
