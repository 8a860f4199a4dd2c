import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicationHtml } from '#domain/documents/application-html';
import { ServiceView, type ServiceViewData } from './ServiceView';

/** Label/value pairs as printed, in order. */
type Rows = [string, string][];

function serviceViewRows(data: ServiceViewData): Rows {
  const { container } = render(<ServiceView data={data} />);
  return [...container.querySelectorAll('.print-row')].map((r) => [r.querySelector('dt')?.textContent ?? '', r.querySelector('dd')?.textContent ?? '']);
}

function fallbackRows(data: ServiceViewData): Rows {
  const html = applicationHtml({ answers: data.answer, tabs: data.tabs, addAnother: data.add_another, documents: data.document_answer });
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // The fallback writes line breaks as <br>: read them back as the newlines the service view keeps.
  doc.querySelectorAll('br').forEach((br) => br.replaceWith('\n'));
  return [...doc.querySelectorAll('.q')].map((r) => [r.querySelector('.label')?.textContent ?? '', r.querySelector('.value')?.textContent ?? '']);
}

const application = (answers: Record<string, string>): ServiceViewData => ({
  answer: answers,
  tabs: {},
  add_another: { activities: 2 },
  document_answer: { resume: { file_name: 'cv.pdf', file_size: 2048, status: 'COMPLETED' } },
});

describe('one printer: the service view (the PDF) and the renderer fallback print the same rows', () => {
  it.each([
    [
      'a US address',
      {
        first_name: 'Ada',
        last_name: 'Lovelace',
        country: 'USA',
        country_desc: 'United States',
        state: 'IL',
        state_desc: 'Illinois',
        birth_date: '2009-05-01',
      },
    ],
    [
      'a German address and no preferred name',
      { first_name: 'Jürgen', last_name: 'Groß', country: 'DEU', country_desc: 'Germany', city: 'Köln', activity_name: 'Chess club' },
    ],
    [
      'a preferred name and a month/year',
      { first_name: 'Ada', preferred_name: 'Addie', grad_month: '6', grad_month_desc: 'June', grad_year: '2027', race_asian: 'true' },
    ],
  ])('for %s', (_what, answers) => {
    const data = application(answers);
    const printed = serviceViewRows(data);
    expect(printed.length).toBeGreaterThan(20);
    expect(fallbackRows(data)).toEqual(printed);
  });
});
