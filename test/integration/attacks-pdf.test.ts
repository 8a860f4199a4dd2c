/**
 * Script in answers reaches the application PDF as text: escaped, never executed by the renderer.
 * An uploaded PDF's scripts, actions, links, form and attached files reach neither the converted
 * document nor the application PDF staff download; a decompression bomb is refused with its reason.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { readDocument } from '#adapters/document-answers-store';
import { readObject } from '#adapters/storage/objects';
import { config, setConfig } from '#lambdas/config';
import { docxBomb } from '../fixtures/bombs';
import { VISIBLE_TEXT, activeContent, hostilePdf } from '../fixtures/hostile-pdf';
import { pdfText } from '../fixtures/pdf-text';
import { uploadDocument, waitForApplicationPdf } from '../fixtures/upload';
import { completeApplication } from '../support/answers';
import { registeredApplicant } from '../support/client';

const baseUrl = inject('baseUrl');
const squash = (s: string) => s.replace(/\s+/g, '');

const payloads: Record<string, string> = {
  first_name: `<img src=x onerror="document.body.innerHTML='PWNED'">`,
  city: `<script>document.write('PWNED')</script>`,
  emergency_contact_name: `"><svg onload="document.body.textContent='PWNED'">`,
};

describe('script in answers, printed to the application PDF', () => {
  it('appears as the literal text the applicant typed, and no script ran', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', { ...completeApplication(), ...payloads })).status).toBe(200);
    const ready = await waitForApplicationPdf(a, 60_000);
    expect(ready.status).toBe('COMPLETED');
    const bytes = new Uint8Array(await (await fetch(ready.url as string)).arrayBuffer());
    const { text } = await pdfText(bytes);
    // Had any payload run, the page would hold only PWNED; instead every payload is printed verbatim.
    expect(text).not.toContain('PWNED'.repeat(2));
    for (const value of Object.values(payloads)) expect(squash(text)).toContain(squash(value));
    expect(text).toContain('Lovelace');
  }, 90_000);
});

describe('an uploaded PDF that acts', () => {
  beforeAll(() => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
  });

  it('is stored and printed with its page and without its scripts, links, form or attached file', async () => {
    const a = await registeredApplicant(baseUrl);
    expect((await a.put('/api/answer', completeApplication())).status).toBe(200);
    const { settled } = await uploadDocument(a, 'hs_transcript', await hostilePdf(), 'transcript.pdf');
    expect(settled?.status).toBe('COMPLETED');
    // The converted document as stored (staff read it, and the submission event points to it).
    const record = await readDocument(a.subject, 'hs_transcript');
    const stored = await readObject(config().documentsBucket, record?.converted_key ?? '', 10 * 1024 * 1024);
    if (stored.kind !== 'ok') throw new Error(`converted document ${stored.kind}`);
    const ready = await waitForApplicationPdf(a, 60_000);
    expect(ready.status).toBe('COMPLETED');
    const application = new Uint8Array(await (await fetch(ready.url as string)).arrayBuffer());
    for (const pdf of [stored.bytes, application]) {
      const found = await activeContent(pdf);
      expect(found.document).toEqual({ jsActions: null, openAction: null, attachments: null, fields: null });
      expect(found.raw).toEqual([]);
      for (const page of found.pages) expect(page).toEqual({ annotations: [], jsActions: null });
      expect((await pdfText(pdf)).text).toContain(VISIBLE_TEXT);
    }
  }, 90_000);

  it('a .docx that inflates to 1 GB fails with the reason the applicant reads', async () => {
    const a = await registeredApplicant(baseUrl);
    const { settled } = await uploadDocument(a, 'resume', docxBomb(), 'resume.docx');
    expect(settled).toEqual({ status: 'FAILED', message: 'This file expands to more than we can read. Please save it again or upload a PDF.' });
  });
});
