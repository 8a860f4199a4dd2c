/**
 * The application PDF through the real stack: rendered by headless Chromium on request and on
 * submit, holding the applicant's answers and every converted document, numbered throughout.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PDF_SK } from '#adapters/application-pdf-store';
import { dynamoClient } from '#adapters/clients';
import { RENDER_REQUEST_GAP_MS, RENDER_REQUEST_INTERVAL_MS } from '#domain/documents';
import { setConfig } from '#lambdas/config';
import * as fixtures from '../fixtures/documents';
import { missingGlyphs, pdfGlyphs } from '../fixtures/pdf-glyphs';
import { pdfText } from '../fixtures/pdf-text';
import { PRINTABLE_NAMES as N, SHAPED, SHAPED_FONTS } from '../fixtures/printable-names';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');

beforeAll(() => {
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
});

/** The PDF's own record, as the render path leaves it (counters of requests and Chromium renders). */
async function pdfRecord(sub: string): Promise<Record<string, unknown>> {
  const out = await dynamoClient().send(new GetCommand({ TableName: 'answers', Key: { pk: sub, sk: PDF_SK }, ConsistentRead: true }));
  return out.Item ?? {};
}

/** The last render request's time, moved (tests do not wait minutes for the throttle). */
async function askedAt(sub: string, at: number): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: 'answers',
      Key: { pk: sub, sk: PDF_SK },
      UpdateExpression: 'SET requestedAt = :at',
      ExpressionAttributeValues: { ':at': new Date(at).toISOString() },
    }),
  );
}

/** A render that failed (as Chromium's failures end), asked for `askedAgoMs` ago. */
async function markFailed(sub: string, askedAgoMs: number): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: 'answers',
      Key: { pk: sub, sk: PDF_SK },
      UpdateExpression: 'SET #s = :f, message = :m, requestedAt = :at REMOVE object_key',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: {
        ':f': 'FAILED',
        ':m': 'We could not create the PDF of your application.',
        ':at': new Date(Date.now() - askedAgoMs).toISOString(),
      },
    }),
  );
}

async function download(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('the application PDF', () => {
  // The first print of the run lands here: the event runtime's Chromium starts at idle priority.
  it("holds the answers and the documents' pages, numbered over the whole file", { timeout: 60_000 }, async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', { ...completeApplication(), first_name: 'Augusta', city: 'Marylebone' })).status).toBe(200);
    await uploadDocument(a, 'hs_transcript', await fixtures.pdf(['Transcript of Augusta'], 2), 'transcript.pdf');
    await uploadDocument(a, 'resume', await fixtures.png(), 'resume.png');

    const ready = await waitForApplicationPdf(a, 50_000);
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

  // A new render of changed answers waits out the few seconds' gap after the previous request.
  it('is rendered again once the answers change', { timeout: 60_000 }, async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { first_name: 'Before', last_name: 'Edit' });
    const first = await waitForApplicationPdf(a);
    expect((await pdfText(await download(first.url as string))).text).toContain('Before');

    await a.put('/api/answer', { first_name: 'Afterwards' });
    const next = await a.get<{ status: string; url: string | null }>('/api/pdf');
    expect(next.body.status).not.toBe('COMPLETED');
    expect(next.body.url).toBeNull();
    const second = await waitForApplicationPdf(a, 50_000);
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

  it("never includes another applicant's answers or documents", async () => {
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

  it('is rendered once for any number of requests at once, and after a failure only when the applicant asks again', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { first_name: 'Once', last_name: 'Only' });
    const polls = (n: number, path: string) => Promise.all(Array.from({ length: n }, () => a.get<{ status: string }>(path)));

    // Many tabs polling, some pressing "Try again", all in the same instant: one render.
    const first = await Promise.all([polls(24, '/api/pdf'), polls(8, '/api/pdf?retry=1')]);
    first.flat().forEach((r) => expect(r.status).toBe(200));
    expect((await waitForApplicationPdf(a)).status).toBe('COMPLETED');
    await polls(10, '/api/pdf?retry=1');
    expect(await pdfRecord(a.subject)).toMatchObject({ render_requests: 1, render_attempts: 1 });

    // The render failed, long enough ago. Polling alone never renders it again...
    await markFailed(a.subject, RENDER_REQUEST_INTERVAL_MS + 1000);
    (await polls(10, '/api/pdf')).forEach((r) => expect(r.body.status).toBe('FAILED'));
    expect(await pdfRecord(a.subject)).toMatchObject({ render_requests: 1, render_attempts: 1 });

    // ..."Try again" does, once however many arrive together...
    const retried = await polls(20, '/api/pdf?retry=1');
    expect(retried.filter((r) => r.body.status !== 'FAILED').length).toBeGreaterThanOrEqual(1);
    expect((await waitForApplicationPdf(a)).status).toBe('COMPLETED');
    expect(await pdfRecord(a.subject)).toMatchObject({ render_requests: 2, render_attempts: 2 });

    // ...and a failure within the next few minutes is not rendered again, whatever the clients send.
    await markFailed(a.subject, 0);
    (await polls(10, '/api/pdf?retry=1')).forEach((r) => expect(r.body.status).toBe('FAILED'));
    expect(await pdfRecord(a.subject)).toMatchObject({ render_requests: 2, render_attempts: 2 });
  });

  it('asks for newer content at most once every few seconds, however often answers and polls alternate', { timeout: 60_000 }, async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { first_name: 'Fickle' });
    expect((await waitForApplicationPdf(a, 50_000)).status).toBe('COMPLETED');
    const { render_requests: before } = await pdfRecord(a.subject);
    // A request has just been made (set, rather than raced against a busy machine's clock).
    await askedAt(a.subject, Date.now() + 60_000);
    for (const name of ['Fickler', 'Ficklest', 'Fickle-Again']) {
      await a.put('/api/answer', { first_name: name });
      expect((await a.get<{ status: string; url: string | null }>('/api/pdf')).body).toMatchObject({ status: 'UNPROCESSED', url: null });
    }
    expect(await pdfRecord(a.subject)).toMatchObject({ render_requests: before });
    // Once the gap has passed, the newest answers are printed.
    await askedAt(a.subject, Date.now() - RENDER_REQUEST_GAP_MS - 1000);
    const ready = await waitForApplicationPdf(a, 25_000);
    expect((await pdfText(await download(ready.url as string))).text).toContain('Fickle-Again');
    expect(await pdfRecord(a.subject)).toMatchObject({ render_requests: (before as number) + 1 });
  });

  it('is never asked to print what it cannot: submit refuses such a character at its field', async () => {
    const a = await registeredApplicant(baseUrl);
    await a.put('/api/answer', { ...completeApplication(), first_name: 'சசி', city: `${N.chinese}` });
    const refused = await a.post<{ problems: Record<string, string[]> }>('/api/submit');
    expect(refused.status).toBe(422);
    expect(refused.body.problems.first_name).toEqual([expect.stringContaining('cannot print these characters: “ச”, “ி”')]);
    expect(refused.body.problems.city).toBeUndefined();
  });

  it('refuses a try-again flag it does not understand, changing nothing', async () => {
    const a = await registeredApplicant(baseUrl);
    const res = await a.get<{ message: string }>('/api/pdf?retry=please');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/retry/);
    expect(await pdfRecord(a.subject)).toEqual({});
  });

  // Longer than the others: the first print of a stack that has just started may land here, and
  // its renderer runs at idle priority (slow on a busy machine).
  it('prints a name in every accepted script, each character with a glyph, in the service view and its header', { timeout: 120_000 }, async () => {
    const a = await registeredApplicant(baseUrl);
    const answers = {
      ...completeApplication(),
      first_name: `${N.chinese} ${N.japanese}`,
      last_name: `${N.korean} ${N.arabic}`,
      preferred_name: `${N.hebrew} ${N.hindi}`,
      emergency_contact_name: `${N.vietnamese} ${N.polish}`,
      address_line_1: `${N.spanish} ${N.german}`,
      city: `${N.french} ${N.thai}`,
      hs_name: `${N.greek} ${N.russian}`,
    };
    expect((await a.put('/api/answer', answers)).status).toBe(200);
    expect((await a.post('/api/submit')).status).toBe(200);
    const ready = await waitForApplicationPdf(a, 110_000);
    expect(ready.status).toBe('COMPLETED');
    const pdf = await download(ready.url as string);

    expect(missingGlyphs(await pdfGlyphs(pdf))).toEqual([]);
    const squeeze = (s: string) => s.replace(/\s+/g, '');
    const { text, pageTexts } = await pdfText(pdf);
    for (const [script, name] of Object.entries(N)) {
      if (!SHAPED.has(script as keyof typeof N)) expect(squeeze(text), script).toContain(squeeze(name));
    }
    // The page header names the applicant on every page.
    expect(squeeze(pageTexts[0] ?? '')).toContain(squeeze(N.chinese));
    const fonts = new Set((await pdfGlyphs(pdf)).map((g) => g.font));
    for (const [script, family] of Object.entries(SHAPED_FONTS))
      expect(
        [...fonts].some((f) => family.test(f)),
        script,
      ).toBe(true);
  });
});
