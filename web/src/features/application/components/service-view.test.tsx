import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicationHtml } from '#domain/documents/application-html';
import { takeSnapshot } from '#form/snapshot';
import { asAnEarlierForm } from '#form/snapshot.test-support';
import { ServiceView, type ServiceViewData } from './ServiceView';

/** Label/value pairs as printed, in order. */
type Rows = [string, string][];

function serviceViewRows(data: ServiceViewData): Rows {
  const { container } = render(<ServiceView data={data} />);
  return [...container.querySelectorAll('.print-row')].map((r) => [r.querySelector('dt')?.textContent ?? '', r.querySelector('dd')?.textContent ?? '']);
}

function fallbackRows(data: ServiceViewData): Rows {
  const html = applicationHtml({
    answers: data.answer,
    tabs: data.tabs,
    addAnother: data.add_another,
    documents: data.document_answer,
    ...(data.snapshot ? { snapshot: data.snapshot } : {}),
  });
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

describe('a submitted application prints as it was submitted', () => {
  it('in the words of the form it was submitted on, in both printers, with a question removed since', () => {
    const answers = { first_name: 'Ada', last_name: 'Lovelace', race_asian: 'true' };
    const earlier = asAnEarlierForm(takeSnapshot({ answers, documents: application(answers).document_answer }, new Date('2027-01-15T18:00:00Z')), {
      reworded: { first_name: 'Given name' },
      removed: [{ key: 'favourite_colour', label: 'Favourite colour', value: 'Teal' }],
    });
    const data = { ...application(answers), snapshot: earlier };
    const printed = serviceViewRows(data);
    expect(printed).toContainEqual(['Given name', 'Ada']);
    expect(printed).toContainEqual(['Favourite colour', 'Teal']);
    expect(printed).toContainEqual(['Resume', 'Document attached: cv.pdf (2.0 KB)']);
    expect(fallbackRows(data)).toEqual(printed);
    // The same data without its snapshot prints from the model of today.
    expect(serviceViewRows(application(answers))).not.toContainEqual(['Given name', 'Ada']);
  });
});
