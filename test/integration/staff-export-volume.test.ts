/**
 * An export of 2,000 submitted applications (seeded straight into the stack's dynalite, as the
 * submissions index holds them) downloads whole through the HTTP route, and the export is
 * written page by page: memory holds one page and one upload part, never the whole set.
 */
import { randomUUID } from 'node:crypto';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PART_BYTES, StreamedObject } from '#adapters/storage/streamed-object';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { querySubmissions } from '#adapters/store/submissions-index';
import { readTabs } from '#adapters/store/tabs-store';
import { EXPORT_PAGE, writeExport } from '#domain/staff/export';
import { config, setConfig } from '#lambdas/config';
import { completeApplication } from '../support/answers';
import { submittedItem, writeSeeded } from '../support/seeded-submissions';
import { signedInStaff } from '../support/staff';

const baseUrl = inject('baseUrl');
const COUNT = 2_000;
const tag = `vol${randomUUID().slice(0, 8)}`;
/** About 10 kB of answers per application: 20 MB in all. */
const LONG = 'x'.repeat(1400);

/** A full collection before each heap reading: what the heap holds, not garbage not yet collected. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
const retainedHeap = () => {
  collectGarbage();
  return process.memoryUsage().heapUsed;
};

beforeAll(async () => {
  setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
  const base = completeApplication();
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  const items = Array.from({ length: COUNT }, (_, i) => {
    const submittedAt = new Date(start + i * 1000).toISOString();
    const answers: Record<string, string> = {
      ...base,
      first_name: `${tag}-${i}`,
      conviction_comment: LONG,
      suspended_comment: LONG,
      activity_name: LONG,
      activity_2_name: LONG,
      activity_3_name: LONG,
      activity_4_name: LONG,
      address_line_2: LONG,
    };
    return submittedItem(answers, `${tag}-${i}@example.edu`, submittedAt);
  });
  await writeSeeded(items);
}, 120_000);

describe('exporting 2,000 submitted applications', () => {
  it('downloads every one of them as CSV through the route', async () => {
    const staff = await signedInStaff(baseUrl);
    const res = await fetch(`${baseUrl}/staff/api/export.csv?q=${tag}`, { headers: { cookie: staff.cookieHeader }, redirect: 'manual' });
    expect(res.status).toBe(303);
    const csv = await (await fetch(res.headers.get('location')!)).text();
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(COUNT + 1);
    // Newest first, all distinct.
    expect(lines[1]).toContain(`${tag}-${COUNT - 1}`);
    expect(lines.at(-1)).toContain(`${tag}-0,`);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(COUNT);
  }, 120_000);

  it('is written page by page with flat memory', async () => {
    const ports = { querySubmissions, readApplicantRecord, readTabs };
    // A first export (thrown away) loads what an export loads once (modules and their words), so
    // the heap below is measured against the export's own growth, not against start-up.
    await writeExport(ports, 'csv', { q: tag }, { write: async () => undefined });
    const object = await StreamedObject.start(config().exportsBucket, `exports/test/${tag}.csv`, 'text/csv');
    const rowsPerWrite: number[] = [];
    let written = 0;
    const heapAtStart = retainedHeap();
    let heapPeak = heapAtStart;
    const sink = {
      write: async (text: string) => {
        rowsPerWrite.push(text.split('\r\n').length - 1);
        written += Buffer.byteLength(text);
        heapPeak = Math.max(heapPeak, retainedHeap());
        await object.write(text);
      },
    };
    const count = await writeExport(ports, 'csv', { q: tag }, sink);
    await object.finish();
    expect(count).toBe(COUNT);
    expect(written).toBeGreaterThan(20_000_000);
    // One header write, then one write per page of at most EXPORT_PAGE applications.
    expect(rowsPerWrite.slice(1).every((n) => n <= EXPORT_PAGE)).toBe(true);
    expect(rowsPerWrite.length).toBeGreaterThanOrEqual(1 + COUNT / EXPORT_PAGE);
    // The upload holds at most one part plus one page, however large the export.
    expect(object.peakBuffered).toBeLessThan(PART_BYTES + 2 * 1024 * 1024);
    // And what the heap holds never grows with the export (it would by 20 MB, holding it all).
    expect(heapPeak - heapAtStart).toBeLessThan(written / 4);
  }, 120_000);
});
