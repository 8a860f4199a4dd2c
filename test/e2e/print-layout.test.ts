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
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { printApplication, UNANSWERED_TEXT } from '#form';
import { registeredApplicant } from '../support/client';
import { completeApplication } from '../support/answers';
import * as fixtures from '../fixtures/documents';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { find, pdfLayout, type PageLayout } from '../fixtures/pdf-layout';

const baseUrl = inject('baseUrl');

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

async function printed(extraLines: number): Promise<{ pages: PageLayout[]; answers: Record<string, string> }> {
  const a = await registeredApplicant(baseUrl);
  const answers = answersWith(extraLines);
  const saved = await a.put('/api/answer', answers);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  await uploadDocument(a, 'hs_transcript', await fixtures.pdf(['Transcript page'], 1), 'transcript.pdf');
  const ready = await waitForApplicationPdf(a, 90_000);
  expect(ready.status).toBe('COMPLETED');
  const res = await fetch(ready.url as string);
  return { pages: await pdfLayout(new Uint8Array(await res.arrayBuffer())), answers };
}

describe('the application PDF as printed pages', () => {
  const variants = [0, 3, 6, 9, 12, 15];
  const prints: Array<{ extra: number; pages: PageLayout[]; answers: Record<string, string> }> = [];

  beforeAll(async () => {
    for (const extra of variants) prints.push({ extra, ...(await printed(extra)) });
  }, 480_000);

  it('keeps every heading on the page of what follows it, and every label on the page of its answer', () => {
    const problems: string[] = [];
    for (const { extra, pages, answers } of prints) {
      let cursor = 0;
      for (const page of printApplication({ answers })) {
        const title = find(pages, `${page.number}. ${page.title}`, cursor);
        if (!title) {
          problems.push(`+${extra}: page title ${page.title} not found`);
          continue;
        }
        for (const section of page.sections) {
          const heading = find(pages, section.title, title.page);
          const firstRow = section.rows[0]!;
          const label = heading && find(pages, start(firstRow.label), heading.page);
          if (!heading || !label) {
            problems.push(`+${extra}: ${section.title} not found`);
            continue;
          }
          if (label.page !== heading.page) problems.push(`+${extra}: heading "${section.title}" on page ${heading.page + 1}, its first question on page ${label.page + 1}`);
          for (const row of section.rows) {
            const at = find(pages, start(row.label), heading.page);
            const value = at && find(pages, start(row.value || UNANSWERED_TEXT), at.page);
            if (at && value && value.page !== at.page) problems.push(`+${extra}: "${row.label}" on page ${at.page + 1}, its answer on page ${value.page + 1}`);
          }
          cursor = heading.page;
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('fills no area of any page with a background', () => {
    const fills = prints.flatMap(({ extra, pages }) => pages.flatMap((p, i) => p.fills.filter((f) => f.share > 0.02).map((f) => `+${extra} page ${i + 1}: ${f.color} over ${Math.round(f.share * 100)}%`)));
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

  it('prints the title first on the first page, with nothing above it', () => {
    for (const { pages } of prints) expect(content(pages[0]!)[0]!.text).toContain('Freshman Application');
  });
});
