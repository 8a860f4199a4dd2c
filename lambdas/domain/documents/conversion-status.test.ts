import { describe, expect, it } from 'vitest';
import type { DocumentItem } from '../ports/answers';
import { readConversionStatus } from './conversion-status';
import { CONVERSION_MESSAGES } from './files';

const doc = (status: string, updatedAt: string, message?: string): DocumentItem => ({
  key: 'transcript',
  file_key: 'uploads/s/transcript/1',
  file_name: 't.pdf',
  file_size: 1,
  status,
  updatedAt,
  ...(message ? { message } : {}),
});
const reader = (item: DocumentItem | undefined) => ({ readDocument: () => Promise.resolve(item) });

describe("a document's conversion status", () => {
  it('reads NOT_ANSWERED for a question without a file', async () => {
    expect(await readConversionStatus(reader(undefined), 's', 'transcript')).toEqual({ status: 'NOT_ANSWERED', message: '' });
  });

  it('reports a conversion in progress, and a finished one with its message', async () => {
    expect(await readConversionStatus(reader(doc('IN_PROGRESS', new Date().toISOString())), 's', 'transcript')).toEqual({ status: 'IN_PROGRESS', message: '' });
    expect(await readConversionStatus(reader(doc('FAILED', new Date().toISOString(), 'Not a PDF.')), 's', 'transcript')).toEqual({
      status: 'FAILED',
      message: 'Not a PDF.',
    });
  });

  it('reports work stuck for far longer than any conversion takes as failed, so the polling ends', async () => {
    expect(await readConversionStatus(reader(doc('UNPROCESSED', '2020-01-01T00:00:00.000Z')), 's', 'transcript')).toEqual({
      status: 'FAILED',
      message: CONVERSION_MESSAGES.failed,
    });
  });
});
