/**
 * One application as printed rows for the staff console: only the questions shown for these
 * answers, in form order, with the values the PDF prints.
 *
 * Until the one printer in form/ lands (form-core), this is the only place that knows how: it
 * reuses the print fallback's row printer (domain/documents/application-html.ts), so the
 * console and the PDF print the same values.
 */
import { pages, questionsIn, visibleKeysIn, type FormContext } from '../../../form';
import { printedValue, type PrintableApplication } from '../documents/application-html';

export interface PrintedRow {
  key: string;
  label: string;
  /** '' when not answered; lines separated by \n. */
  value: string;
}

export interface PrintedPage {
  number: number;
  title: string;
  sections: Array<{ title: string; rows: PrintedRow[] }>;
}

export function printedPages(app: PrintableApplication): PrintedPage[] {
  const ctx: FormContext = { tabs: app.tabs, addAnother: app.addAnother };
  return pages.map((page) => ({
    number: page.number,
    title: page.title,
    sections: page.sections
      .map((section) => {
        const visible = visibleKeysIn(section.children, app.answers, ctx);
        const rows = questionsIn(section.children)
          .filter((q) => visible.has(q.key))
          .map((q) => ({ key: q.key, label: q.label, value: printedValue(q, app) }));
        return { title: section.title, rows };
      })
      .filter((s) => s.rows.length > 0),
  }));
}
