/**
 * The application PDF through the real stack: rendered by headless Chromium on request and on
 * submit, holding the applicant's answers and every converted document, numbered throughout.
 */
import { describe, expect, inject, it } from 'vitest';
import { registeredApplicant } from '../support/client';
import { completeApplication } from '../support/answers';
import * as fixtures from '../fixtures/documents';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { pdfText } from '../fixtures/pdf-text';

const baseUrl = inject('baseUrl');

async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('the application PDF', () => {
  it('holds the answers and the documents\' pages, numbered over the whole file', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: 'Augusta', city: 'Marylebone' })).status).toBe(200);
    await uploadDocument(a, 'hs_transcript', await fixtures.pdf(['Transcript of Augusta'], 2), 'transcript.pdf');
    await uploadDocument(a, 'resume', await fixtures.png(), 'resume.png');

    const ready = await waitForApplicationPdf(a);
    expect(ready).toMatchObject({ status: 'COMPLETED' });
    const { pages, text, pageTexts } = await pdfText(await download(ready.url as string));
    expect(text).toContain('Augusta');
    expect(text).toContain('Marylebone');
    expect(text).toContain('Transcript of Augusta (page 2)');
    // The application itself takes at least one page; the documents add 2 + 1.
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(pageTexts.filter((t) => t.includes('Transcript of Augusta'))).toHaveLength(2);
    pageTexts.forEach((t, i) => expect(t).toContain(`Page ${i + 1} of ${pages}`));
  });

  it('is rendered again once the answers change', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { first_name: 'Before', last_name: 'Edit' });
    const first = await waitForApplicationPdf(a);
    expect((await pdfText(await download(first.url as string))).text).toContain('Before');

    await a.put('/api/answer', { first_name: 'Afterwards' });
    const next = await a.get<{ status: string; url: string | null }>('/api/pdf');
    expect(next.body.status).not.toBe('COMPLETED');
    expect(next.body.url).toBeNull();
    const second = await waitForApplicationPdf(a);
    const { text } = await pdfText(await download(second.url as string));
    expect(text).toContain('Afterwards');
    expect(text).not.toContain('Before');
  });

  it('is rendered on submit', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { ...completeApplication(), last_name: 'Submitted-Byron' });
    expect((await a.post('/api/submit')).status).toBe(200);
    const ready = await waitForApplicationPdf(a);
    expect(ready.status).toBe('COMPLETED');
    expect((await pdfText(await download(ready.url as string))).text).toContain('Submitted-Byron');
  });

  it('never includes another applicant\'s answers or documents', async () => {
    const [ada, eve] = await Promise.all([registeredApplicant(baseUrl), registeredApplicant(baseUrl)]);
    await ada.put('/api/answer', { first_name: 'Adalbert' });
    await uploadDocument(ada, 'resume', await fixtures.pdf(['Ada private page']), 'ada.pdf');
    await eve.put('/api/answer', { first_name: 'Evelyn' });
    const ready = await waitForApplicationPdf(eve);
    const { text } = await pdfText(await download(ready.url as string));
    expect(text).toContain('Evelyn');
    expect(text).not.toContain('Adalbert');
    expect(text).not.toContain('Ada private page');
  });

  it('refuses visitors without a session', async () => {
    expect((await fetch(`${baseUrl}/api/pdf`)).status).toBe(401);
  });
});
