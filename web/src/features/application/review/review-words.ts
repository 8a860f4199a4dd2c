/**
 * The review page's rows in the active language (issue 41). The printer (form/print.ts) words an
 * application in the institution's language, as the office and the PDF read it; the applicant
 * reviews it in theirs: a choice by its option in that language, a country by Intl's name, a
 * date and a month as the locale writes them, a document's line in a message of the catalog.
 * What the applicant typed is shown as typed.
 */
import { htmlLangOf, type CatalogCode } from '#form/i18n/languages';
import type { PrintedRow } from '#form/print';
import { translate } from '#web/lib/i18n';
import { isValidIsoDate, questionFor, tabGroups } from '../model';
import { formWord, monthNames, shownOptions } from '../words';

/** A printed box ("[X] Asian") keeps its box and words its label. */
const boxed = (line: string) => {
  const m = /^(\[[X ]\]) (.*)$/s.exec(line);
  return m ? `${m[1]} ${formWord(m[2]!)}` : formWord(line);
};

function dateShown(iso: string, code: CatalogCode): string {
  if (!isValidIsoDate(iso)) return iso;
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(htmlLangOf(code), { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, d));
}

/** A row's value as the applicant reads it in `code`; '' stays '' (the page says "Not answered"). */
export function shownRowValue(row: PrintedRow, answers: Readonly<Record<string, string>>, code: CatalogCode): string {
  if (row.value === '') return '';
  if (tabGroups.has(row.key)) return formWord(row.value);
  const q = questionFor(row.key);
  if (!q) return row.value;
  const v = answers[q.key] ?? '';
  switch (q.type) {
    case 'dropdown':
    case 'radio': {
      const options = q.dependsOn ? (q.dependsOn.optionsByValue[answers[q.dependsOn.valueKey] ?? ''] ?? []) : q.options;
      return shownOptions(options, code).find((o) => o.value === v)?.label ?? formWord(row.value);
    }
    case 'checkboxGroup':
      return row.value.split('\n').map(boxed).join('\n');
    case 'monthYear': {
      const month = monthNames(code)[Number(v) - 1];
      return [month ?? '', answers[q.yearKey] ?? ''].filter(Boolean).join(' ') || row.value;
    }
    case 'date':
      return dateShown(v, code);
    case 'file': {
      const attached = /^Document attached: (.*)$/s.exec(row.value);
      return attached ? translate('form.ui.documentAttached', { name: attached[1] }) : translate('form.ui.noDocument');
    }
    default:
      return row.value;
  }
}
