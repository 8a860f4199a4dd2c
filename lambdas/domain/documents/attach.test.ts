import { describe, expect, it } from 'vitest';
import { Conflict, Forbidden, NotFound } from '../errors';
import type { DocumentItem } from '../ports/answers';
import type { AttachOutcome } from '../ports/documents';
import { attachDocument, type AttachPorts } from './attach';
import { newUploadId, uploadKey, uploadPrefix } from './keys';

const SUB = 'sub-1';
const KEY = 'transcript';
const own = uploadKey({ sub: SUB, answerKey: KEY, uploadId: newUploadId() });

/** Grants, the bucket's objects and the document answers in memory; `superseded` makes the store hold a newer file. */
function memory(opts: { granted?: boolean; size?: number; superseded?: boolean } = {}) {
  const attached: string[] = [];
  const ports: AttachPorts = {
    grants: { isAcceptedUpload: () => Promise.resolve(opts.granted ?? true) },
    uploads: { uploadSize: () => Promise.resolve('size' in opts ? opts.size : 2048) },
    documents: {
      attachUpload: (_sub, key, upload): Promise<AttachOutcome> => {
        if (opts.superseded) return Promise.resolve({ kind: 'superseded' });
        attached.push(`${key}:${upload.fileKey}:${upload.fileSize}`);
        const document: DocumentItem = {
          key,
          file_key: upload.fileKey,
          file_name: upload.fileName,
          file_size: upload.fileSize,
          status: 'UNPROCESSED',
          updatedAt: new Date().toISOString(),
        };
        return Promise.resolve({ kind: 'attached', document });
      },
    },
  };
  return { ports, attached };
}

describe('attaching an uploaded file to a question', () => {
  it("records the caller's own upload, with the size the bucket holds, as being converted", async () => {
    const m = memory();
    expect(await attachDocument(m.ports, SUB, KEY, { fileKey: own, fileName: 'transcript.pdf' })).toEqual({
      message: 'Your file is being converted.',
      status: 'UNPROCESSED',
      file_name: 'transcript.pdf',
      file_size: 2048,
    });
    expect(m.attached).toEqual([`${KEY}:${own}:2048`]);
  });

  it("refuses another applicant's or another question's key (403) and a malformed one of its own (404)", async () => {
    const m = memory();
    const other = uploadKey({ sub: 'sub-2', answerKey: KEY, uploadId: newUploadId() });
    await expect(attachDocument(m.ports, SUB, KEY, { fileKey: other, fileName: 'x.pdf' })).rejects.toBeInstanceOf(Forbidden);
    await expect(attachDocument(m.ports, SUB, 'essay', { fileKey: own, fileName: 'x.pdf' })).rejects.toThrow(
      'This file does not belong to this question of your application.',
    );
    await expect(attachDocument(m.ports, SUB, KEY, { fileKey: `${uploadPrefix(SUB, KEY)}not-an-id`, fileName: 'x.pdf' })).rejects.toBeInstanceOf(NotFound);
    expect(m.attached).toEqual([]);
  });

  it('refuses a key the server never issued and an upload that never arrived, attaching nothing', async () => {
    for (const opts of [{ granted: false }, { size: undefined }]) {
      const m = memory(opts);
      await expect(attachDocument(m.ports, SUB, KEY, { fileKey: own, fileName: 'x.pdf' })).rejects.toThrow(
        'We could not find your uploaded file. Please upload it again.',
      );
      expect(m.attached).toEqual([]);
    }
  });

  it('refuses an older file than the one attached already (409)', async () => {
    const m = memory({ superseded: true });
    const refused = attachDocument(m.ports, SUB, KEY, { fileKey: own, fileName: 'x.pdf' });
    await expect(refused).rejects.toBeInstanceOf(Conflict);
    await expect(refused).rejects.toThrow('A newer file has already been uploaded for this question.');
  });
});
