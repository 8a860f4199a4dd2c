import { QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applicationHtml } from '#domain/documents/application-html';
import { takeSnapshot } from '#form/snapshot';
import { asAnEarlierForm } from '#form/snapshot.test-support';
import { activateLanguage, translate } from '#web/lib/i18n';
import { createQueryClient } from '#web/lib/query-client';
import { fakeFetch } from '#web/test/fetch';
import { formWord } from '../words';
import { ServicePrintRoute } from './ServicePrintRoute';
import { ServiceView, type ServiceViewData } from './ServiceView';

/** Label/value pairs as printed, in order. */
type Rows = [string, string][];

/** The view prints once its language and the form's words in it are loaded. */
async function printedView(data: ServiceViewData): Promise<HTMLElement> {
  const { container } = render(<ServiceView data={data} />);
  await waitFor(() => expect(container.querySelector('.print-row')).not.toBeNull());
  return container;
}

async function serviceViewRows(data: ServiceViewData): Promise<Rows> {
  const container = await printedView(data);
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
  ])('for %s', async (_what, answers) => {
    const data = application(answers);
    const printed = await serviceViewRows(data);
    expect(printed.length).toBeGreaterThan(20);
    expect(fallbackRows(data)).toEqual(printed);
  });
});

describe('a submitted application prints as it was submitted', () => {
  it('in the words of the form it was submitted on, in both printers, with a question removed since', async () => {
    const answers = { first_name: 'Ada', last_name: 'Lovelace', race_asian: 'true' };
    const earlier = asAnEarlierForm(takeSnapshot({ answers, documents: application(answers).document_answer }, new Date('2027-01-15T18:00:00Z')), {
      reworded: { first_name: 'Given name' },
      removed: [{ key: 'favourite_colour', label: 'Favourite colour', value: 'Teal' }],
    });
    const data = { ...application(answers), snapshot: earlier };
    const printed = await serviceViewRows(data);
    expect(printed).toContainEqual(['Given name', 'Ada']);
    expect(printed).toContainEqual(['Favourite colour', 'Teal']);
    expect(printed).toContainEqual(['Resume', 'Document attached: cv.pdf (2.0 KB)']);
    expect(fallbackRows(data)).toEqual(printed);
    // The same data without its snapshot prints from the model of today.
    expect(await serviceViewRows(application(answers))).not.toContainEqual(['Given name', 'Ada']);
  });
});

describe("the applicant's own PDF prints in their language (issue 41)", () => {
  afterEach(async () => {
    await activateLanguage('en');
  });

  const answers = {
    first_name: 'Ada',
    last_name: 'Lovelace',
    country: 'USA',
    country_desc: 'United States',
    birth_date: '2009-05-01',
    race_asian: 'true',
  };

  it("Arabic: right to left, the model's words and choices in Arabic, dates as Arabic writes them, what was typed as typed", async () => {
    const data: ServiceViewData = { ...application(answers), submitted_at: '2027-01-15T18:00:00.000Z', reference: 'REF12345', language: 'ar' };
    const view = await printedView(data);
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    const rows = new Map(await serviceViewRows(data));
    expect(rows.get(formWord('First Name'))).toBe('Ada');
    expect(formWord('First Name')).not.toBe('First Name');
    expect(rows.get(formWord('Date of Birth'))).toBe(new Intl.DateTimeFormat('ar', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(2009, 4, 1)));
    expect([...rows.values()]).toContain(translate('form.ui.unanswered'));
    const headings = [...view.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings[0]).toMatch(/\p{Script=Arabic}/u);
    expect(view.textContent).toContain(translate('print.reference', { reference: 'REF12345' }));
    expect(view.textContent).not.toContain('Not answered');
  });

  it("Spanish: the office's English is not printed; without a language the institution's, whatever the view showed before", async () => {
    const spanish = new Map(await serviceViewRows({ ...application(answers), language: 'es' }));
    expect(spanish.get('Nombre')).toBe('Ada');
    expect(document.documentElement.dir).toBe('ltr');
    const office = new Map(await serviceViewRows(application(answers)));
    expect(office.get('First Name')).toBe('Ada');
    expect(office.get('Date of Birth')).toBe('May 1, 2009');
  });
});

describe("the service route (the form layout's, for the PDF renderer)", () => {
  it('shows the print root not ready while the view and its printer load as a chunk of their own, then prints the rows', async () => {
    const data = application({ first_name: 'Ada', country: 'CAN' });
    const fetchMock = fakeFetch(() => new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <ServicePrintRoute token="tok" />
      </QueryClientProvider>,
    );
    // The renderer finds the root at once ("still loading", not "no such view").
    expect(container.querySelector('[data-print-ready="false"]')).not.toBeNull();
    await waitFor(() => expect(container.querySelector('.print-row')).not.toBeNull());
    const rows = new Map([...container.querySelectorAll('.print-row')].map((r) => [r.querySelector('dt')?.textContent, r.querySelector('dd')?.textContent]));
    expect(rows.get('First Name')).toBe('Ada');
    expect(rows.get('Country')).toBe('Canada');
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('service_token=tok');
  });
});
