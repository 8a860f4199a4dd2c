import { describe, expect, it } from 'vitest';
import type { DocumentItem } from '../ports/answers';
import { newUploadId, uploadKey } from './keys';
import { removeConversion, removeDocument, type DocumentRemovalPorts } from './removal';

const SUB = 'sub-1';
const KEY = 'transcript';
const upload = uploadKey({ sub: SUB, answerKey: KEY, uploadId: newUploadId() });
const converted = `converted/${SUB}/${KEY}/1.pdf`;

/** One stored document answer in memory; `deleted` lists the objects deleted from each bucket. */
function memory(item: Partial<DocumentItem> | undefined) {
  const deleted: string[] = [];
  let stored: DocumentItem | undefined = item && { key: KEY, file_key: upload, file_name: 't.pdf', file_size: 1, status: 'COMPLETED', updatedAt: '', ...item };
  const ports: DocumentRemovalPorts = {
    deleteDocument: () => {
      const was = stored;
      stored = undefined;
      return Promise.resolve(was);
    },
    deleteConversion: () => {
      const was = stored?.converted_key;
      if (stored) delete stored.converted_key;
      return Promise.resolve(was);
    },
    deleteUpload: (key) => Promise.resolve(void deleted.push(`uploads:${key}`)),
    deleteConverted: (key) => Promise.resolve(void deleted.push(`documents:${key}`)),
  };
  return { ports, deleted, stored: () => stored };
}

describe('removing a document answer', () => {
  it('deletes the answer, then the original and its conversion', async () => {
    const m = memory({ converted_key: converted });
    await removeDocument(m.ports, SUB, KEY);
    expect(m.stored()).toBeUndefined();
    expect(m.deleted).toEqual([`uploads:${upload}`, `documents:${converted}`]);
  });

  it("never deletes an object outside the caller's own prefixes for this question, whatever the record says", async () => {
    const m = memory({ file_key: uploadKey({ sub: 'sub-2', answerKey: KEY, uploadId: newUploadId() }), converted_key: `converted/sub-2/${KEY}/1.pdf` });
    await removeDocument(m.ports, SUB, KEY);
    expect(m.deleted).toEqual([]);
  });

  it('succeeds with nothing to delete (idempotent)', async () => {
    const m = memory(undefined);
    await removeDocument(m.ports, SUB, KEY);
    await removeConversion(m.ports, SUB, KEY);
    expect(m.deleted).toEqual([]);
  });
});

describe("removing a document's conversion", () => {
  it('forgets the converted PDF and deletes it, keeping the answer and its original', async () => {
    const m = memory({ converted_key: converted });
    await removeConversion(m.ports, SUB, KEY);
    expect(m.stored()).toMatchObject({ file_key: upload });
    expect(m.stored()?.converted_key).toBeUndefined();
    expect(m.deleted).toEqual([`documents:${converted}`]);
  });

  it("leaves a converted key of another question's prefix alone", async () => {
    const m = memory({ converted_key: `converted/${SUB}/essay/1.pdf` });
    await removeConversion(m.ports, SUB, KEY);
    expect(m.deleted).toEqual([]);
  });
});
