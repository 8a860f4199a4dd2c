import { describe, expect, it } from 'vitest';
import type { StoredFiles } from '../ports/documents';
import type { PdfState } from './application-pdf';
import { readApplicationPdf, type PdfStatusPorts } from './application-pdf-status';

const now = new Date('2026-11-26T12:00:00.000Z');
const ANSWERS = '2026-11-26T11:00:00.000Z';

/** The PDF's record and the applicant's files in memory; `requests` counts render requests, `throttled` refuses them. */
function memory(pdf: PdfState | undefined, opts: { throttled?: boolean; language?: string } = {}) {
  const journal: string[] = [];
  const files: StoredFiles = { documents: [], answersUpdatedAt: ANSWERS, reference: 'REF12345', ...(pdf ? { pdf } : {}) };
  const ports: PdfStatusPorts = {
    readPdfState: () => {
      journal.push('pdf-state');
      return Promise.resolve(pdf);
    },
    files: {
      readApplicantDocuments: () => {
        journal.push('files');
        return Promise.resolve(files);
      },
    },
    requestApplicationPdf: (_sub, version) => {
      journal.push(`request:${version}`);
      return Promise.resolve(!opts.throttled);
    },
    links: { signPdfDownload: (key, name) => Promise.resolve(`https://signed/${key}?as=${name}`) },
    readLanguage: () => Promise.resolve(opts.language),
  };
  return { ports, journal };
}

describe("the applicant's PDF status", () => {
  it('answers a render in progress from the PDF record alone', async () => {
    const m = memory({ status: 'IN_PROGRESS', claimedAt: '2026-11-26T11:59:30.000Z' });
    expect(await readApplicationPdf(m.ports, 'sub', { retry: false }, now)).toEqual({
      status: 'IN_PROGRESS',
      url: null,
      message: 'Your PDF is being prepared.',
    });
    expect(m.journal).toEqual(['pdf-state']);
  });

  it('asks for a missing PDF, of the application as it is now', async () => {
    const m = memory(undefined);
    expect((await readApplicationPdf(m.ports, 'sub', { retry: false }, now)).status).toBe('UNPROCESSED');
    expect(m.journal).toEqual(['pdf-state', 'files', `request:${ANSWERS}`]);
  });

  it('never hands out a PDF older than the answers, even when its new render must wait its turn', async () => {
    const m = memory({ status: 'COMPLETED', objectKey: 'pdf/old.pdf', sourceVersion: '2026-11-01T00:00:00.000Z' }, { throttled: true });
    expect(await readApplicationPdf(m.ports, 'sub', { retry: false }, now)).toEqual({
      status: 'UNPROCESSED',
      url: null,
      message: 'Your PDF is being prepared.',
    });
    expect(m.journal).toContain(`request:${ANSWERS}`);
  });

  it('links a current PDF under the application’s file name, asking for nothing', async () => {
    const m = memory({ status: 'COMPLETED', objectKey: 'pdf/now.pdf', sourceVersion: ANSWERS });
    expect(await readApplicationPdf(m.ports, 'sub', { retry: false }, now)).toEqual({
      status: 'COMPLETED',
      url: 'https://signed/pdf/now.pdf?as=application-REF12345.pdf',
      message: 'Your PDF is ready.',
    });
    expect(m.journal.filter((j) => j.startsWith('request'))).toEqual([]);
  });

  it('asks again for a failed PDF of the current answers only when the applicant asks to try again', async () => {
    const failed: PdfState = { status: 'FAILED', sourceVersion: ANSWERS, message: 'The PDF could not be made.' };
    const polled = memory(failed);
    expect(await readApplicationPdf(polled.ports, 'sub', { retry: false }, now)).toMatchObject({ status: 'FAILED', message: 'The PDF could not be made.' });
    expect(polled.journal.filter((j) => j.startsWith('request'))).toEqual([]);
    const retried = memory(failed);
    expect((await readApplicationPdf(retried.ports, 'sub', { retry: true }, now)).status).toBe('UNPROCESSED');
    expect(retried.journal).toContain(`request:${ANSWERS}`);
  });

  it("links the applicant's own copy in the language they chose, and asks again when they have chosen another since (issue 41)", async () => {
    const printed: PdfState = {
      status: 'COMPLETED',
      objectKey: 'pdf/office.pdf',
      sourceVersion: ANSWERS,
      applicantObjectKey: 'pdf/es.pdf',
      applicantLanguage: 'es',
    };
    const same = memory(printed, { language: 'es' });
    expect((await readApplicationPdf(same.ports, 'sub', { retry: false }, now)).url).toBe('https://signed/pdf/es.pdf?as=application-REF12345.pdf');
    const changed = memory(printed, { language: 'ar' });
    expect(await readApplicationPdf(changed.ports, 'sub', { retry: false }, now)).toMatchObject({ status: 'UNPROCESSED', url: null });
    // Named by this moment: the same content asked for again in another language waits only the store's gap.
    expect(changed.journal).toContain(`request:${now.toISOString()}`);
    // Nor is the copy in the language they left handed out while the new one waits its turn.
    const waiting = memory(printed, { language: 'ar', throttled: true });
    expect(await readApplicationPdf(waiting.ports, 'sub', { retry: false }, now)).toMatchObject({ status: 'UNPROCESSED', url: null });
    // Back to the institution's language: the office's copy is theirs, printed again without their own.
    const english = memory(printed, { language: 'en' });
    expect((await readApplicationPdf(english.ports, 'sub', { retry: false }, now)).status).toBe('UNPROCESSED');
    const none = memory({ status: 'COMPLETED', objectKey: 'pdf/office.pdf', sourceVersion: ANSWERS });
    expect((await readApplicationPdf(none.ports, 'sub', { retry: false }, now)).url).toBe('https://signed/pdf/office.pdf?as=application-REF12345.pdf');
    expect(none.journal.filter((j) => j.startsWith('request'))).toEqual([]);
  });
});
