/**
 * The page numbers and captions of the applicant's copy in their language (issue 41), read back
 * from the assembled PDF as readers read it (ActualText) and as a viewer draws it (PDF.js glyphs).
 */
import { PDFDocument } from 'pdf-lib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { stampWording } from '#form/i18n/pdf-words';
import * as fixtures from '#test/fixtures/documents';
import { pdfActualText } from '#test/fixtures/pdf-actual-text';
import { missingGlyphs, pdfGlyphs } from '#test/fixtures/pdf-glyphs';
import { pdfText } from '#test/fixtures/pdf-text';
import { arabicFont } from '#test/fixtures/stamp-font';
import { assembleApplicationPdf } from './assemble';

async function blankPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([612, 792]);
  return doc.save();
}

/** Each page's glyphs' characters in the order they are drawn. */
async function drawnPerPage(pdf: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const ops = await (await doc.getPage(i)).getOperatorList();
    let text = '';
    ops.fnArray.forEach((fn, k) => {
      if (fn === OPS.showText)
        for (const g of ops.argsArray[k][0] as Array<{ unicode: string } | number | null>) if (g && typeof g === 'object') text += g.unicode;
    });
    pages.push(text);
  }
  await doc.destroy();
  return pages;
}

const digit = (n: number) => new Intl.NumberFormat('ar', { useGrouping: false }).format(n);

async function assembled(language: 'en' | 'es' | 'ar', fileName = 'cv (final).pdf') {
  const application = await fixtures.pdf(['Application'], 1);
  const resume = await fixtures.pdf(['Resume'], 2);
  const font = language === 'ar' ? { font: arabicFont() } : {};
  return assembleApplicationPdf(application, [{ label: 'Resume', fileName, pdf: resume }], { wording: await stampWording(language), ...font });
}

/** Reading the font and parsing PDFs twice over takes a few seconds on a loaded machine. */
const SLOW = { timeout: 30_000 };

describe("the applicant's copy stamped in their language", SLOW, () => {
  it('Arabic: its words read back in reading order, drawn in the embedded Noto Sans Arabic with no glyph missing', async () => {
    const { pdf, pages } = await assembled('ar');
    expect(pages).toBe(3);
    const text = (await pdfActualText(pdf)).split('\n');
    expect(text[0]).toContain(`صفحة ${digit(1)} من ${digit(3)}`);
    expect(text[1]).toContain(`مرفق: السيرة الذاتية (cv (final).pdf)، صفحة ${digit(1)} من ${digit(2)}`);
    expect(text[2]).toContain(`صفحة ${digit(3)} من ${digit(3)}`);
    const glyphs = await pdfGlyphs(pdf);
    expect(missingGlyphs(glyphs)).toEqual([]);
    expect(glyphs.some((g) => /^NotoSansArabic/.test(g.font))).toBe(true);
  });

  it('Arabic: drawn right to left, the numbers and the Latin file name left to right inside it (bidi)', async () => {
    const blank = await blankPdf();
    const { pdf } = await assembleApplicationPdf(blank, [{ label: 'Resume', fileName: 'cv.pdf', pdf: await blankPdf() }], {
      wording: await stampWording('ar'),
      font: arabicFont(),
    });
    // PDF.js hands the glyphs in the order drawn, left to right on the line (less the font's dots, which map to no letter).
    const [first, second] = (await drawnPerPage(pdf)).map((t) => t.replace(/\p{Cc}/gu, ''));
    // "صفحة 1 من 2" from the right: the total at the left end, each word's letters drawn right to left.
    expect(first).toBe(`${digit(2)} نم ${digit(1)} ةحفص`);
    // "مرفق: السيرة الذاتية (cv.pdf)": the file name at the left end, in its own order, its brackets the right way round.
    expect(second!.startsWith('(cv.pdf) ةيتاذلا ةريسلا :قفرم')).toBe(true);
  });

  it('Arabic shaping: the letters are drawn in their joined forms, with the font adding its own marks', async () => {
    const { pdf } = await assembled('ar');
    const arabicGlyphs = (await pdfGlyphs(pdf)).filter((g) => /^NotoSansArabic/.test(g.font));
    // "صفحة" alone is four characters; Noto Sans Arabic shapes ف and ة as a dotless form plus its dots.
    const letters = 'صفحة'.length;
    const perLabel = arabicGlyphs.length / 3;
    expect(perLabel).toBeGreaterThan(letters);
  });

  it('Spanish: in Helvetica alone, no font embedded', async () => {
    const { pdf } = await assembled('es', 'currículum.pdf');
    const { pageTexts } = await pdfText(pdf);
    expect(pageTexts[0]).toContain('Página 1 de 3');
    expect(pageTexts[1]).toContain('Anexo: Currículum (currículum.pdf), página 1 de 2');
    expect(new Set((await pdfGlyphs(pdf)).map((g) => g.font))).toEqual(new Set(['Helvetica', 'Helvetica-Bold']));
  });

  it("the office's copy: English, as always", async () => {
    const { pdf } = await assembled('en');
    const { pageTexts } = await pdfText(pdf);
    expect(pageTexts[1]).toContain('Attachment: Resume (cv (final).pdf), page 1 of 2');
    pageTexts.forEach((t, i) => expect(t).toContain(`Page ${i + 1} of 3`));
  });
});
