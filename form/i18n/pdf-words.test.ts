/** The words pdf-lib stamps on the application PDF, in each language (issue 41). */
import { documentQuestionKeys, questionFor } from '#form/model';
import { printLabelOf } from '#form/print';
import { formLabelsIn, stampWording } from './pdf-words';

const digits = (language: string, n: number) => new Intl.NumberFormat(language, { useGrouping: false }).format(n);

describe("the PDF's page numbers and captions", () => {
  it('say what the office copy always said, in English', async () => {
    const en = await stampWording('en');
    expect(en.direction).toBe('ltr');
    expect(en.pageLabel(3, 1234)).toBe('Page 3 of 1234');
    expect(en.caption({ label: 'Resume', fileName: 'cv.pdf' }, 0, 1)).toBe('Attachment: Resume (cv.pdf)');
    expect(en.caption({ label: 'Resume' }, 1, 3)).toBe('Attachment: Resume, page 2 of 3');
    expect(en.caption({ label: 'Resume', fileName: 'cv.pdf' }, 1, 3)).toBe('Attachment: Resume (cv.pdf), page 2 of 3');
  });

  it('in Spanish, with the document named as the form names it in Spanish', async () => {
    const es = await stampWording('es');
    expect(es.direction).toBe('ltr');
    expect(es.pageLabel(1, 12)).toBe('Página 1 de 12');
    expect(es.pageLabel(3, 1234)).toBe('Página 3 de 1234');
    expect(es.caption({ label: 'Resume', fileName: 'cv.pdf' }, 0, 1)).toBe('Anexo: Currículum (cv.pdf)');
    expect(es.caption({ label: 'Resume' }, 1, 3)).toBe('Anexo: Currículum, página 2 de 3');
  });

  it('in Arabic, right to left, numbers written as the locale writes them (Intl)', async () => {
    const ar = await stampWording('ar');
    expect(ar.direction).toBe('rtl');
    expect(ar.pageLabel(1, 12)).toBe(`صفحة ${digits('ar', 1)} من ${digits('ar', 12)}`);
    expect(ar.caption({ label: 'Resume', fileName: 'cv.pdf' }, 1, 3)).toBe(`مرفق: السيرة الذاتية (cv.pdf)، صفحة ${digits('ar', 2)} من ${digits('ar', 3)}`);
    expect(ar.caption({ label: 'Resume' }, 0, 1)).toBe('مرفق: السيرة الذاتية');
  });

  it('names every document question in each language, and a label the catalog does not know as given', async () => {
    const [en, es, ar] = await Promise.all([formLabelsIn('en'), formLabelsIn('es'), formLabelsIn('ar')]);
    for (const key of documentQuestionKeys) {
      const label = printLabelOf(questionFor(key)!);
      expect(en(label)).toBe(label);
      expect(es(label), `${key} in es`).not.toBe(label);
      expect(ar(label), `${key} in ar`).not.toBe(label);
    }
    expect(ar('Portfolio of the applicant')).toBe('Portfolio of the applicant');
  });
});
