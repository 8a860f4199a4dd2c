import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { documentQuestionKeys } from '#form/model';
import { arabicFont } from '#test/fixtures/stamp-font';
import type { DocumentItem } from '../ports/answers';
import type { RelatedItem } from '../ports/erasure';
import { APPLICATION_PDF_FAILED, APPLICATION_PDF_TIMED_OUT } from './files';
import { applicantPdfKey, applicationPdfKey } from './keys';
import { renderApplicationPdf, type PdfResult, type RenderJobPorts } from './render-job';

const SUB = 'applicant-1';
const DOC_KEY = documentQuestionKeys[0]!;
const NOW = new Date('2026-11-26T10:00:00Z');

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return doc.save();
}

const converted: DocumentItem = {
  key: DOC_KEY,
  file_key: `uploads/${SUB}/${DOC_KEY}/a.png`,
  file_name: 'transcript.png',
  file_size: 1200,
  status: 'COMPLETED',
  converted_key: `documents/${SUB}/${DOC_KEY}.pdf`,
  updatedAt: '2026-11-26T09:00:00.000Z',
};

/** In-memory ports that record what the job did. */
async function world(
  options: {
    submitted?: boolean;
    claimed?: boolean;
    erased?: boolean;
    print?: RenderJobPorts['print'];
    announce?: RenderJobPorts['announce'];
    /** The language saved on the applicant's account. */
    language?: string;
  } = {},
) {
  const page = await onePagePdf();
  const stored = new Map<string, Uint8Array>([[converted.converted_key!, page]]);
  const finished: PdfResult[] = [];
  const withdrawn: { sub: string; objects: { bucket: string; key: string }[]; items: RelatedItem[] }[] = [];
  const announced: string[] = [];
  const printedWith: { serviceViewUrl: string | undefined; fallbackHtml: string }[] = [];
  const logged: string[] = [];
  const revoked: string[] = [];
  const submittedAt = options.submitted ? '2026-11-26T08:00:00.000Z' : undefined;
  const ports: RenderJobPorts = {
    claim: async () => ((options.claimed ?? true) ? '2026-11-26T10:00:00.000Z' : undefined),
    finish: async (_sub, _job, result) => {
      finished.push(result);
      return true;
    },
    application: {
      readApplicantRecord: async () => ({
        answers: { first_name: 'Ada', last_name: 'Lovelace' },
        documents: [converted],
        supplements: [],
        ...(submittedAt ? { submittedAt, reference: 'APP-1' } : {}),
      }),
      readApplicantDocuments: async () => ({ documents: [converted], answersUpdatedAt: '2026-11-26T09:30:00.000Z', ...(submittedAt ? { submittedAt } : {}) }),
      readTabs: async () => ({}),
      readAddAnother: async () => ({}),
    },
    readLanguage: async () => options.language,
    issueServiceToken: async (_sub, _ttl, _now, language) => (language ? `service-token-${language}` : 'service-token'),
    revokeServiceToken: async (token) => {
      revoked.push(token);
    },
    serviceViewUrl: (token) => `https://apply.example.edu/about?service_token=${token}`,
    print:
      options.print ??
      (async (input) => {
        printedWith.push({ serviceViewUrl: input.serviceViewUrl, fallbackHtml: input.fallbackHtml() });
        return { pdf: page, source: 'service-view' };
      }),
    stampFont: async (language) => (language === 'ar' ? arabicFont() : undefined),
    readConverted: async (key) => stored.get(key),
    storePdf: async (key, pdf) => {
      stored.set(key, pdf);
    },
    pdfItem: (sub) => ({ table: 'answers', key: { pk: sub, sk: 'pdf' } }),
    tokenItem: (token) => ({ table: 'status', key: { pk: `token#${token}`, sk: 'token' } }),
    // What the job takes back, gathered as one set of writes (the check runs once per job here).
    lateWrites: {
      sessionClosed: async (sub) => {
        if (options.erased) withdrawn.push({ sub, objects: [], items: [] });
        return options.erased ?? false;
      },
      readMarker: async () => undefined,
      deleteObject: async (bucket, key) => {
        withdrawn.at(-1)!.objects.push({ bucket, key });
        stored.delete(key);
      },
      deleteItem: async (table, key) => {
        withdrawn.at(-1)!.items.push({ table, key });
      },
    },
    announce:
      options.announce ??
      (async (_sub, key) => {
        announced.push(key);
      }),
    log: { info: (m) => logged.push(m), warn: (m) => logged.push(m), error: (m) => logged.push(m) },
    now: () => NOW,
    newJobId: () => 'job-1',
    deadlineMs: 1_000,
  };
  return { ports, stored, finished, withdrawn, announced, printedWith, logged, revoked };
}

describe('renderApplicationPdf (the application-PDF job)', () => {
  it('prints the service view, appends each converted document and records the pages', async () => {
    const w = await world();
    const outcome = await renderApplicationPdf(w.ports, SUB);
    expect(outcome).toEqual({ status: 'COMPLETED', pages: 2, source: 'service-view' });
    expect(w.printedWith[0]!.serviceViewUrl).toBe('https://apply.example.edu/about?service_token=service-token');
    expect(w.printedWith[0]!.fallbackHtml).toContain('Ada');
    const pdf = await PDFDocument.load(w.stored.get(applicationPdfKey(SUB))!);
    expect(pdf.getPageCount()).toBe(2);
    // The version is the newest of what it printed: the answers' update here.
    expect(w.finished).toEqual([{ status: 'COMPLETED', objectKey: applicationPdfKey(SUB), sourceVersion: '2026-11-26T09:30:00.000Z', pages: 2 }]);
    expect(w.announced).toEqual([]);
    // The service view's token ends with the print: it names the applicant and has done its work.
    expect(w.revoked).toEqual(['service-token']);
  });

  it("prints the applicant's own copy in the language they chose beside the office's, each with its own token (issue 41)", async () => {
    const w = await world({ language: 'ar' });
    expect((await renderApplicationPdf(w.ports, SUB)).status).toBe('COMPLETED');
    expect(w.printedWith.map((p) => p.serviceViewUrl)).toEqual([
      'https://apply.example.edu/about?service_token=service-token',
      'https://apply.example.edu/about?service_token=service-token-ar',
    ]);
    expect((await PDFDocument.load(w.stored.get(applicantPdfKey(SUB, 'ar'))!)).getPageCount()).toBe(2);
    expect(w.finished).toEqual([
      expect.objectContaining({ objectKey: applicationPdfKey(SUB), applicantObjectKey: applicantPdfKey(SUB, 'ar'), applicantLanguage: 'ar' }),
    ]);
    expect(w.revoked).toEqual(['service-token', 'service-token-ar']);
    // The institution's language, or none saved (or one we do not have): the office's copy alone.
    for (const language of ['en', undefined, 'xx']) {
      const office = await world(language ? { language } : {});
      await renderApplicationPdf(office.ports, SUB);
      expect(office.printedWith).toHaveLength(1);
      expect(office.finished[0]).not.toHaveProperty('applicantObjectKey');
    }
  });

  it("takes the applicant's copy back too when their account was closed meanwhile", async () => {
    const w = await world({ language: 'es', erased: true });
    expect(await renderApplicationPdf(w.ports, SUB)).toEqual({ status: 'WITHDRAWN' });
    expect(w.stored.has(applicantPdfKey(SUB, 'es'))).toBe(false);
    expect(w.stored.has(applicationPdfKey(SUB))).toBe(false);
  });

  it('revokes the service token also when the print fails, and a refused revocation only warns (the token expires)', async () => {
    const failing = await world({ print: async () => Promise.reject(new Error('Chromium crashed')) });
    expect(await renderApplicationPdf(failing.ports, SUB)).toEqual({ status: 'FAILED', timedOut: false });
    expect(failing.revoked[0]).toBe('service-token');
    const refused = await world();
    refused.ports.revokeServiceToken = async () => Promise.reject(new Error('throttled'));
    expect((await renderApplicationPdf(refused.ports, SUB)).status).toBe('COMPLETED');
    expect(refused.logged).toContain('service token not revoked (it expires by itself)');
  });

  it("announces a submitted application's PDF, and keeps it when the announcement fails", async () => {
    const w = await world({ submitted: true });
    expect((await renderApplicationPdf(w.ports, SUB)).status).toBe('COMPLETED');
    expect(w.announced).toEqual([applicationPdfKey(SUB)]);

    const failing = await world({ submitted: true, announce: async () => Promise.reject(new Error('bus down')) });
    expect((await renderApplicationPdf(failing.ports, SUB)).status).toBe('COMPLETED');
    expect(failing.stored.has(applicationPdfKey(SUB))).toBe(true);
    expect(failing.logged).toContain('Application PDF Ready not published');
  });

  it('does nothing while another job holds the claim', async () => {
    const w = await world({ claimed: false });
    expect(await renderApplicationPdf(w.ports, SUB)).toEqual({ status: 'BUSY' });
    expect(w.printedWith).toEqual([]);
    expect(w.finished).toEqual([]);
  });

  it('records FAILED with the applicant-facing message when printing fails, and stores nothing', async () => {
    const w = await world({ print: async () => Promise.reject(new Error('chromium crashed')) });
    expect(await renderApplicationPdf(w.ports, SUB)).toEqual({ status: 'FAILED', timedOut: false });
    expect(w.finished).toEqual([{ status: 'FAILED', message: APPLICATION_PDF_FAILED, sourceVersion: '2026-11-26T09:30:00.000Z' }]);
    expect(w.stored.has(applicationPdfKey(SUB))).toBe(false);
  });

  it('ends a print that hangs at the deadline, and never stores its late output', async () => {
    let finishPrint: (pdf: Uint8Array) => void = () => undefined;
    const hung = new Promise<Uint8Array>((resolve) => (finishPrint = resolve));
    const w = await world({ print: async () => ({ pdf: await hung, source: 'service-view' }) });
    w.ports.deadlineMs = 20;
    expect(await renderApplicationPdf(w.ports, SUB)).toEqual({ status: 'FAILED', timedOut: true });
    expect(w.finished).toEqual([{ status: 'FAILED', message: APPLICATION_PDF_TIMED_OUT, sourceVersion: '2026-11-26T09:30:00.000Z' }]);
    finishPrint(await onePagePdf());
    await new Promise((r) => setTimeout(r, 10));
    expect(w.stored.has(applicationPdfKey(SUB))).toBe(false);
    expect(w.finished).toHaveLength(1);
  });

  it('takes back the PDF, its record and the service token when the account was closed meanwhile', async () => {
    const w = await world({ submitted: true, erased: true });
    expect(await renderApplicationPdf(w.ports, SUB)).toEqual({ status: 'WITHDRAWN' });
    expect(w.withdrawn).toEqual([
      {
        sub: SUB,
        objects: [{ bucket: 'documents', key: applicationPdfKey(SUB) }],
        items: [
          { table: 'answers', key: { pk: SUB, sk: 'pdf' } },
          { table: 'status', key: { pk: 'token#service-token', sk: 'token' } },
        ],
      },
    ]);
    expect(w.stored.has(applicationPdfKey(SUB))).toBe(false);
    expect(w.announced).toEqual([]);
  });

  it('withdraws instead of failing when the job throws after the account was closed', async () => {
    const w = await world({ erased: true });
    w.ports.finish = async () => Promise.reject(new Error('table gone'));
    expect(await renderApplicationPdf(w.ports, SUB)).toEqual({ status: 'WITHDRAWN' });
    const alive = await world();
    alive.ports.finish = async () => Promise.reject(new Error('table gone'));
    await expect(renderApplicationPdf(alive.ports, SUB)).rejects.toThrow('table gone');
  });
});
