import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DocumentItem } from '../ports/answers';
import type { LateWritePorts } from '../ports/erasure';
import type { ConversionResult } from './conversion-run';
import { ConversionInterrupted, MAX_CONVERSION_ATTEMPTS, convertDocument, type Claim, type DocumentConversionPorts } from './document-conversion';
import { CONVERSION_MESSAGES } from './files';
import { convertedKey, uploadKey, type UploadRef } from './keys';

const REF: UploadRef = { sub: 'applicant-1', answerKey: 'transcript', uploadId: '0190a1b2c3d4-00112233445566778899' };
const KEY = uploadKey(REF);
const OUTPUT = convertedKey(REF);

async function onePagePdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage();
  return doc.save();
}

/** In-memory buckets, claims and document item; records what the conversion did. */
async function world(
  options: {
    upload?: Uint8Array | 'missing';
    accepted?: boolean;
    claim?: Claim;
    finishes?: boolean;
    current?: Partial<DocumentItem>;
    erased?: boolean;
    storeFails?: boolean;
  } = {},
) {
  const upload = options.upload ?? (await onePagePdf());
  const documents = new Map<string, Uint8Array>();
  const finished: ConversionResult[] = [];
  const released: string[] = [];
  const logged: string[] = [];
  const lateWrites: LateWritePorts = {
    sessionClosed: async () => options.erased ?? false,
    readMarker: async () => undefined,
    deleteItem: async () => undefined,
    deleteObject: async (_bucket, key) => {
      documents.delete(key);
    },
  };
  const completeness: boolean[] = [];
  const ports: DocumentConversionPorts = {
    readUpload: async () => (upload === 'missing' ? { kind: 'missing' } : { kind: 'ok', bytes: upload }),
    storePdf: async (key, bytes) => {
      if (options.storeFails) throw new Error('documents bucket unreachable');
      documents.set(key, bytes);
    },
    print: async () => Promise.reject(new Error('no docx here')),
    isAcceptedUpload: async () => options.accepted ?? true,
    claim: async () => options.claim ?? { claimed: true, claimedAt: '2026-11-26T10:00:00.000Z', fileName: 'transcript.pdf', attempts: 1 },
    release: async (_sub, _answerKey, held) => {
      released.push(held.fileKey);
    },
    finish: async (_sub, _answerKey, _held, result) => {
      finished.push(result);
      return options.finishes ?? true;
    },
    readDocument: async () =>
      options.current
        ? { key: REF.answerKey, file_key: KEY, file_name: 'x.pdf', file_size: 1, status: 'COMPLETED', updatedAt: '', ...options.current }
        : undefined,
    deletePdf: async (key) => {
      documents.delete(key);
    },
    documentItem: (sub, answerKey) => ({ table: 'answers', key: { pk: sub, sk: `document#${answerKey}` } }),
    lateWrites,
    // A submitted application whose transcript arrives from the status page (once this conversion is recorded).
    completeness: {
      readApplicantRecord: async (sub) => ({
        answers: { test_optional: 'N' },
        submittedAt: '2026-11-01T00:00:00.000Z',
        documents: [],
        supplements: finished.some((r) => r.status === 'COMPLETED')
          ? [{ key: 'supplement_hs_transcript', file_key: KEY, file_name: 't.pdf', file_size: 1, status: 'COMPLETED', updatedAt: '' }]
          : [],
        materials: { marks: {}, version: sub === REF.sub ? 1 : 0 },
      }),
      materials: {
        writeMarks: async (_id, _marks, complete, version) => {
          if (version !== 1) return false;
          completeness.push(complete);
          return true;
        },
      },
    },
    log: { info: (m) => logged.push(m), warn: (m) => logged.push(m), error: (m) => logged.push(m) },
    now: () => new Date('2026-11-26T10:00:01Z'),
  };
  return { ports, documents, finished, released, logged, completeness };
}

describe('convertDocument (an applicant’s upload to PDF)', () => {
  it('converts a claimed upload, stores its PDF and records COMPLETED', async () => {
    const w = await world();
    expect(await convertDocument(w.ports, KEY, 900)).toBe('converted');
    expect((await PDFDocument.load(w.documents.get(OUTPUT)!)).getPageCount()).toBe(1);
    expect(w.finished).toEqual([{ status: 'COMPLETED', convertedKey: OUTPUT }]);
  });

  it('writes the completeness again once a material added after submission is converted (a form document leaves it)', async () => {
    const supplement = await world();
    expect(await convertDocument(supplement.ports, uploadKey({ ...REF, answerKey: 'supplement_hs_transcript' }), 900)).toBe('converted');
    expect(supplement.completeness).toEqual([true]);
    const formDocument = await world();
    expect(await convertDocument(formDocument.ports, KEY, 900)).toBe('converted');
    expect(formDocument.completeness).toEqual([]);
  });

  it('skips keys outside the layout, keys never issued and uploads another run holds, reading nothing', async () => {
    const outside = await world();
    expect(await convertDocument(outside.ports, 'uploads/../other/transcript/x', 1)).toBe('skipped');
    expect(outside.logged).toEqual(['upload key outside the layout ignored']);
    const never = await world({ accepted: false });
    expect(await convertDocument(never.ports, KEY, 1)).toBe('skipped');
    expect(never.logged).toEqual(['upload under a key the server never issued ignored']);
    const replay = await world({ claim: { claimed: false } });
    expect(await convertDocument(replay.ports, KEY, 1)).toBe('skipped');
    for (const w of [outside, never, replay]) expect(w.finished).toEqual([]);
  });

  it('fails at once, with the message the applicant acts on, a file that cannot become a PDF', async () => {
    const w = await world({ upload: new TextEncoder().encode('MZ not a document at all') });
    expect(await convertDocument(w.ports, KEY, 24)).toBe('failed');
    expect(w.finished).toHaveLength(1);
    expect(w.finished[0]).toMatchObject({ status: 'FAILED' });
    expect(Object.values(CONVERSION_MESSAGES)).toContain((w.finished[0] as { message: string }).message);
    expect(w.logged).toContain('upload refused');
    expect(w.released).toEqual([]);
  });

  it('records FAILED for an upload deleted since its event', async () => {
    const w = await world({ upload: 'missing' });
    expect(await convertDocument(w.ports, KEY, 1)).toBe('failed');
    expect(w.finished).toEqual([{ status: 'FAILED', message: CONVERSION_MESSAGES.failed }]);
  });

  it('hands the upload back and throws for the retry when a run breaks, and records FAILED on the last attempt', async () => {
    const first = await world({ storeFails: true });
    await expect(convertDocument(first.ports, KEY, 900)).rejects.toBeInstanceOf(ConversionInterrupted);
    expect(first.released).toEqual([KEY]);
    expect(first.finished).toEqual([]);

    const last = await world({ storeFails: true, claim: { claimed: true, claimedAt: 'x', fileName: 'a.pdf', attempts: MAX_CONVERSION_ATTEMPTS } });
    expect(await convertDocument(last.ports, KEY, 900)).toBe('failed');
    expect(last.finished).toEqual([{ status: 'FAILED', message: CONVERSION_MESSAGES.failed }]);
    expect(last.released).toEqual([]);
  });

  it('deletes its PDF when it lost the claim to a newer upload, and keeps one the winner also wrote', async () => {
    const lost = await world({
      finishes: false,
      current: { file_key: 'uploads/applicant-1/transcript/0190a1b2c3d5-newer', converted_key: 'converted/other.pdf' },
    });
    expect(await convertDocument(lost.ports, KEY, 900)).toBe('converted');
    expect(lost.documents.has(OUTPUT)).toBe(false);

    const same = await world({ finishes: false, current: { converted_key: OUTPUT } });
    await convertDocument(same.ports, KEY, 900);
    expect(same.documents.has(OUTPUT)).toBe(true);
  });

  it('takes its PDF back when the account was closed meanwhile', async () => {
    const w = await world({ erased: true });
    expect(await convertDocument(w.ports, KEY, 900)).toBe('withdrawn');
    expect(w.documents.has(OUTPUT)).toBe(false);

    const broken = await world({ erased: true, storeFails: true });
    expect(await convertDocument(broken.ports, KEY, 900)).toBe('withdrawn');
  });
});
