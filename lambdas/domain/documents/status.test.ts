import { describe, expect, it } from 'vitest';
import { readApplicationPdfInput } from '#form/wire/queries';
import { APPLICATION_PDF_FAILED, applicationVersion, canMove, effectiveStatus, isPending, pdfNeedsRender, pdfStatusView, pdfStillPending } from '.';

const parsePdfQuery = readApplicationPdfInput.query;

const now = new Date('2026-03-01T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();

describe('document statuses', () => {
  it('move forward only', () => {
    expect(canMove('UNPROCESSED', 'IN_PROGRESS')).toBe(true);
    expect(canMove('IN_PROGRESS', 'COMPLETED')).toBe(true);
    expect(canMove('IN_PROGRESS', 'FAILED')).toBe(true);
    expect(canMove('COMPLETED', 'IN_PROGRESS')).toBe(false);
    expect(canMove('FAILED', 'COMPLETED')).toBe(false);
    expect(canMove('UNPROCESSED', 'COMPLETED')).toBe(false);
  });

  it('keep the client polling only while work is pending', () => {
    expect(['UNPROCESSED', 'IN_PROGRESS'].every(isPending)).toBe(true);
    expect(['COMPLETED', 'FAILED', 'NOT_ANSWERED'].some(isPending)).toBe(false);
  });

  it('report pending work that stopped moving as FAILED, so polling always ends', () => {
    expect(effectiveStatus({ status: 'IN_PROGRESS', updatedAt: ago(10_000) }, now, 'again')).toEqual({ status: 'IN_PROGRESS', message: '' });
    expect(effectiveStatus({ status: 'UNPROCESSED', updatedAt: ago(6 * 60_000) }, now, 'again')).toEqual({ status: 'FAILED', message: 'again' });
    expect(effectiveStatus({ status: 'FAILED', message: 'why', updatedAt: ago(60 * 60_000) }, now, 'again')).toEqual({ status: 'FAILED', message: 'why' });
    expect(effectiveStatus(undefined, now, 'again')).toEqual({ status: 'NOT_ANSWERED', message: '' });
  });
});

describe('application PDF', () => {
  const v1 = '2026-03-01T11:00:00.000Z';
  const v2 = '2026-03-01T11:30:00.000Z';

  it('is rendered when missing, outdated, or abandoned, and not while fresh or running', () => {
    expect(pdfNeedsRender(undefined, v1, now)).toBe(true);
    expect(pdfNeedsRender({ status: 'COMPLETED', sourceVersion: v1, objectKey: 'k' }, v1, now)).toBe(false);
    expect(pdfNeedsRender({ status: 'COMPLETED', sourceVersion: v1, objectKey: 'k' }, v2, now)).toBe(true);
    expect(pdfNeedsRender({ status: 'IN_PROGRESS', claimedAt: ago(5_000) }, v2, now)).toBe(false);
    expect(pdfNeedsRender({ status: 'IN_PROGRESS', claimedAt: ago(3 * 60_000) }, v2, now)).toBe(true);
    expect(pdfNeedsRender({ status: 'FAILED', sourceVersion: v1, updatedAt: ago(5_000) }, v1, now)).toBe(false);
    expect(pdfNeedsRender({ status: 'FAILED', sourceVersion: v1, updatedAt: ago(5_000) }, v2, now)).toBe(true);
  });

  it('is never rendered again by polling after a failure, only when the applicant asks to try again', () => {
    const failed = { status: 'FAILED', sourceVersion: v1, updatedAt: ago(60 * 60_000) } as const;
    expect(pdfNeedsRender(failed, v1, now)).toBe(false);
    expect(pdfNeedsRender(failed, v1, now, { retry: true })).toBe(true);
    // Asking to try again changes nothing for a PDF that is ready or on its way.
    expect(pdfNeedsRender({ status: 'COMPLETED', sourceVersion: v1, objectKey: 'k' }, v1, now, { retry: true })).toBe(false);
    expect(pdfNeedsRender({ status: 'IN_PROGRESS', claimedAt: ago(5_000) }, v1, now, { retry: true })).toBe(false);
  });

  it('reads the try-again flag from the query, and refuses anything else', () => {
    expect(parsePdfQuery({})).toEqual({ retry: false });
    expect(parsePdfQuery({ retry: '1' })).toEqual({ retry: true });
    expect(() => parsePdfQuery({ retry: 'yes please' })).toThrow(/retry/);
    expect(() => parsePdfQuery({ sub: 'someone-else' })).toThrow(/sub/);
  });

  it('is still pending (a poll needs nothing else) only while a live request or render exists', () => {
    expect(pdfStillPending({ status: 'IN_PROGRESS', claimedAt: ago(5_000) }, now)).toBe(true);
    expect(pdfStillPending({ status: 'UNPROCESSED', updatedAt: ago(5_000) }, now)).toBe(true);
    expect(pdfStillPending({ status: 'IN_PROGRESS', claimedAt: ago(3 * 60_000) }, now)).toBe(false);
    expect(pdfStillPending({ status: 'UNPROCESSED', updatedAt: ago(3 * 60_000) }, now)).toBe(false);
    expect(pdfStillPending({ status: 'COMPLETED', sourceVersion: v2, objectKey: 'k' }, now)).toBe(false);
    expect(pdfStillPending({ status: 'FAILED', updatedAt: ago(5_000) }, now)).toBe(false);
    expect(pdfStillPending(undefined, now)).toBe(false);
  });

  it('versions by the newest change to answers, submission or documents', () => {
    expect(applicationVersion({ answersUpdatedAt: v1, documents: [{ updatedAt: v2 }] })).toBe(v2);
    expect(applicationVersion({ answersUpdatedAt: v2, submittedAt: v1, documents: [] })).toBe(v2);
    expect(applicationVersion({ documents: [] })).toBe('');
  });

  it('reports a link only when COMPLETED, and the generic message when FAILED', () => {
    expect(pdfStatusView({ status: 'COMPLETED', objectKey: 'k' }, false, 'https://x')).toEqual({
      status: 'COMPLETED',
      url: 'https://x',
      message: 'Your PDF is ready.',
    });
    expect(pdfStatusView({ status: 'FAILED' }, false)).toEqual({ status: 'FAILED', url: null, message: APPLICATION_PDF_FAILED });
    expect(pdfStatusView(undefined, true).status).toBe('UNPROCESSED');
    expect(pdfStatusView(undefined, true).url).toBeNull();
  });
});
