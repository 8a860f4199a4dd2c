import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../errors';
import { MemoryExports } from '../memory-exports.test-support';
import type { ApplicantRecord, DocumentItem } from '../ports/answers';
import type { StreamedUpload } from '../ports/exports';
import { checkExportLimit, exportMyData, labelledAnswers, writeDataExport, type DataExportSources } from './export';

const doc = (key: string, converted_key: string, status = 'COMPLETED'): DocumentItem => ({
  key,
  file_key: `uploads/s/${key}/1`,
  file_name: `${key}.docx`,
  file_size: 10,
  status,
  converted_key,
  updatedAt: '2026-11-01T00:00:00Z',
});

function sources(record: ApplicantRecord, pdf?: string): DataExportSources & { reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    readApplicantRecord: () => Promise.resolve(record),
    readApplicantDocuments: () =>
      Promise.resolve({
        documents: record.documents,
        ...(pdf ? { pdf: { status: 'COMPLETED', objectKey: pdf, sourceVersion: '9999' } } : {}),
        ...(record.submittedAt ? { submittedAt: record.submittedAt } : {}),
      }),
    readStatus: () =>
      Promise.resolve({
        web_status: ['ACCOUNT_CREATED', 'SUBMITTED'],
        successful_login: ['2026-10-01T09:00:00Z', '2026-10-02T09:00:00Z'],
        username: 'ada@example.com',
      }),
    readPdf: (key) => {
      reads.push(key);
      return Promise.resolve(key.includes('gone') ? undefined : new TextEncoder().encode(`%PDF ${key}`));
    },
  };
}

class MemoryArchive {
  readonly files = new Map<string, { text: string; compress: boolean }>();
  add(name: string, bytes: Uint8Array, compress: boolean) {
    this.files.set(name, { text: new TextDecoder().decode(bytes), compress });
    return Promise.resolve();
  }
}

describe('labelledAnswers', () => {
  it('names each answer by its question and puts a choice’s words beside its code', () => {
    const out = labelledAnswers({ first_name: 'Ada', entry_term: '2027FA', entry_term_desc: 'Fall 2027', unknown_key: 'x' });
    expect(out).toEqual([
      { key: 'first_name', question: 'First Name', answer: 'Ada' },
      { key: 'entry_term', question: 'Entry Term', answer: '2027FA', answer_label: 'Fall 2027' },
      { key: 'unknown_key', question: 'unknown_key', answer: 'x' },
    ]);
  });
});

describe('writeDataExport', () => {
  it('writes the answers, the account, the PDF, each converted document under its question, and a README', async () => {
    const record: ApplicantRecord = {
      answers: { first_name: 'Ada' },
      submittedAt: '2026-11-01T00:00:00Z',
      reference: 'K7M2Q9XH',
      documents: [doc('transcript', 'converted/s/transcript/1.pdf'), doc('essay', '', 'PROCESSING'), doc('resume', 'converted/s/resume/gone.pdf')],
      supplements: [],
    };
    const archive = new MemoryArchive();
    const names = await writeDataExport(sources(record, 'applications/s/application.pdf'), 's', archive);

    expect(names[0]).toBe('answers.json');
    expect(names).toContain('account.json');
    expect(names).toContain('application.pdf');
    expect(names.filter((n) => n.startsWith('documents/'))).toHaveLength(1);
    expect(names.at(-1)).toBe('README.txt');
    expect(JSON.parse(archive.files.get('account.json')!.text)).toEqual({
      email: 'ada@example.com',
      first_signed_in_at: '2026-10-01T09:00:00Z',
      signed_in_at: ['2026-10-01T09:00:00Z', '2026-10-02T09:00:00Z'],
      web_status: ['ACCOUNT_CREATED', 'SUBMITTED'],
      last_page: null,
      reference: 'K7M2Q9XH',
      submitted_at: '2026-11-01T00:00:00Z',
    });
    expect(archive.files.get('application.pdf')!.compress).toBe(false);
    expect(archive.files.get('README.txt')!.text).toContain('answers.json');
  });

  it('says there is no PDF or document when there is none', async () => {
    const archive = new MemoryArchive();
    const names = await writeDataExport(sources({ answers: {}, documents: [], supplements: [] }), 's', archive);
    expect(names).toEqual(['answers.json', 'account.json', 'README.txt']);
    expect(archive.files.get('README.txt')!.text).toContain('There is no application PDF');
  });
});

describe('checkExportLimit', () => {
  it('refuses a second build within the window with the time of the next', async () => {
    const error = await checkExportLimit(() => Promise.resolve({ allowed: false, retryAt: '2026-11-25T12:01:00.000Z' }), 's', new Date()).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TooManyRequests);
    expect((error as TooManyRequests).extra.next_allowed_at).toBe('2026-11-25T12:01:00.000Z');
  });
});

describe('exportMyData', () => {
  const record: ApplicantRecord = { answers: { first_name: 'Ada' }, documents: [], supplements: [] };
  const zip = (object: StreamedUpload) => ({
    add: (name: string) => object.write(name),
    finish: () => object.write('end'),
  });
  const limits = (allowed: boolean) => ({ hit: () => Promise.resolve({ allowed, retryAt: '2026-11-26T12:01:00.000Z' }) });

  it("streams the ZIP into an object under the applicant's export prefix and answers its link", async () => {
    const exports = new MemoryExports();
    const link = await exportMyData({ sources: sources(record), limits: limits(true), exports, zip }, 's');
    const [key] = [...exports.objects.keys()];
    expect(key).toMatch(/^data-exports\/s\/[0-9a-f-]{36}\.zip$/);
    expect(exports.objects.get(key!)).toMatchObject({ contentType: 'application/zip' });
    expect(exports.objects.get(key!)!.chunks.at(-1)).toBe('end');
    expect(link).toBe(`https://exports/${key}?as=my-application-data.zip`);
  });

  it('refuses a second build within the minute before anything is written', async () => {
    const exports = new MemoryExports();
    await expect(exportMyData({ sources: sources(record), limits: limits(false), exports, zip }, 's')).rejects.toBeInstanceOf(TooManyRequests);
    expect(exports.journal).toEqual([]);
  });

  it('aborts the upload when a read fails, and hands out no link', async () => {
    const exports = new MemoryExports();
    const failing = { ...sources(record), readStatus: () => Promise.reject(new Error('table unavailable')) };
    await expect(exportMyData({ sources: failing, limits: limits(true), exports, zip }, 's')).rejects.toThrow('table unavailable');
    expect(exports.aborted).toHaveLength(1);
    expect(exports.objects.size).toBe(0);
    expect(exports.links).toEqual([]);
  });
});
