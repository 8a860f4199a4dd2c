/**
 * The application PDF reads like a document: checked over the rendered pages (PDF.js reads the
 * text's positions and the filled areas), not the HTML. A heading is on the same page as what
 * it heads, a question's label on the same page as its answer, nothing fills the page with a
 * background, and each attached document starts with a caption naming its question.
 *
 * Where a page breaks depends on the answers, so the same application is printed with answers of
 * several lengths: the heading and the rows after a long answer move down a line at a time and,
 * in some of the prints, land at a page's foot.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { printApplication, UNANSWERED_TEXT, type PrintedDocument } from '#form';
import { institution } from '#form/institution';
import * as fixtures from '../fixtures/documents';
import { find, pdfLayout, type PageLayout, type Position } from '../fixtures/pdf-layout';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';
import { baseUrl } from './browser';

/** A long answer of about `lines` printed lines (a sentence a line in the answer column). */
const lines = (n: number) => Array.from({ length: n }, (_, i) => `Line ${i + 1} of a long account, written out in full.`).join('\n');

function answersWith(extraLines: number): Record<string, string> {
  return {
    ...completeApplication(),
    mailing_addr_same_as_perm_addr: 'N',
    mailing_addr_same_as_perm_addr_desc: 'No',
    mailing_address_line_1: '2 Side Street',
    mailing_city: 'Springfield',
    mailing_state: 'IL',
    mailing_state_desc: 'Illinois',
    mailing_zip: '62702',
    mailing_country: 'USA',
    mailing_country_desc: 'United States',
    conviction: 'Y',
    conviction_desc: 'Yes',
    conviction_comment: lines(20 + extraLines),
    suspended: 'Y',
    suspended_desc: 'Yes',
    suspended_comment: lines(6),
  };
}

const start = (text: string) => text.split('\n')[0]!.slice(0, 14);
const content = (page: PageLayout) => page.lines.filter((l) => l.top > 54 && l.top < page.height - 54);

interface Printed {
  pages: PageLayout[];
  answers: Record<string, string>;
  /** The document answers as the printer shows them. */
  documents: Record<string, PrintedDocument>;
}

async function printed(extraLines: number): Promise<Printed> {
  const a = await registeredApplicant(baseUrl());
  const answers = answersWith(extraLines);
  const saved = await a.put('/api/answer', answers);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const transcript = await fixtures.pdf(['Transcript page'], 1);
  await uploadDocument(a, 'hs_transcript', transcript, 'transcript.pdf');
  const ready = await waitForApplicationPdf(a, 90_000);
  expect(ready.status).toBe('COMPLETED');
  const res = await fetch(ready.url as string);
  const documents = { hs_transcript: { file_name: 'transcript.pdf', file_size: transcript.length, status: 'COMPLETED' } };
  return { pages: await pdfLayout(new Uint8Array(await res.arrayBuffer())), answers, documents };
}

describe('the application PDF as printed pages', () => {
  const variants = [0, 3, 6, 9, 12, 15];
  const prints: Array<Printed & { extra: number }> = [];

  beforeAll(async () => {
    for (const extra of variants) prints.push({ extra, ...(await printed(extra)) });
  }, 480_000);

  it('keeps every heading on the page of what follows it, and every label on the page of its answer', () => {
    const problems: string[] = [];
    for (const { extra, pages, answers, documents } of prints) {
      // Read in order, as a reader turns the pages: each search starts where the previous one ended.
      let at: Position = { page: 0, line: 0 };
      for (const page of printApplication({ answers, documents })) {
        const title = find(pages, `${page.number}. ${page.title}`, at);
        if (!title) {
          problems.push(`+${extra}: page title ${page.title} not found`);
          continue;
        }
        at = title;
        for (const section of page.sections) {
          const heading = find(pages, section.title, at);
          if (!heading) {
            problems.push(`+${extra}: ${section.title} not found`);
            continue;
          }
          at = { page: heading.page, line: heading.line + 1 };
          section.rows.forEach((row, i) => {
            const label = find(pages, start(row.label), at);
            const value = label && find(pages, start(row.value || UNANSWERED_TEXT), label);
            if (!label || !value) {
              problems.push(`+${extra}: "${row.label}" not found`);
              return;
            }
            if (i === 0 && label.page !== heading.page)
              problems.push(`+${extra}: heading "${section.title}" on page ${heading.page + 1}, its first question on page ${label.page + 1}`);
            if (value.page !== label.page) problems.push(`+${extra}: "${row.label}" on page ${label.page + 1}, its answer on page ${value.page + 1}`);
            at = { page: value.page, line: value.line + 1 };
          });
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('fills no area of any page with a background', () => {
    const fills = prints.flatMap(({ extra, pages }) =>
      pages.flatMap((p, i) => p.fills.filter((f) => f.share > 0.02).map((f) => `+${extra} page ${i + 1}: ${f.color} over ${Math.round(f.share * 100)}%`)),
    );
    expect(fills).toEqual([]);
  });

  it('starts each attached document with a caption naming its question and file', () => {
    for (const { pages } of prints) {
      const attachment = find(pages, 'Transcript page');
      expect(attachment).toBeDefined();
      const first = content(pages[attachment!.page]!)[0]!;
      expect(first.text).toMatch(/High school transcript.*transcript\.pdf/i);
    }
  });

  it('prints the title first on the first page, with nothing above it but the logo', async () => {
    // The institution's logo heads the first page (issue 36); an SVG logo's own words print as text.
    const logo = institution.logo.mediaType === 'image/svg+xml' ? await (await fetch(`${baseUrl()}${institution.logo.src}`)).text() : '';
    const logoWords = new Set([...logo.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => (m[1] ?? '').trim()));
    for (const { pages } of prints) {
      const lines = content(pages[0]!);
      const title = lines.findIndex((l) => l.text.includes('Freshman Application'));
      expect(title).toBeGreaterThanOrEqual(0);
      expect(lines.slice(0, title).filter((l) => !logoWords.has(l.text.trim()))).toEqual([]);
    }
  });
});
