import { describe, expect, it } from 'vitest';
import { ALWAYS_OPEN } from '../cycles/timetables.test-support';
import { MemoryExports } from '../memory-exports.test-support';
import type { SubmittedApplication } from '../ports/submissions';
import { MemoryRecommendations } from '../recommendations/memory.test-support';
import { exportApplications, type ExportApplicationsPorts } from './export-applications';

const app: SubmittedApplication = {
  id: 'a1',
  reference: 'REF12345',
  email: 'ada@example.edu',
  submittedAt: '2027-01-01T00:00:00.000Z',
  answers: { first_name: 'Ada' },
  officeStatus: 'submitted',
};

/** One submitted application in memory; `journal` lists the audit, the bucket's calls and each decision read, in order. */
function memory(opts: { failRecords?: boolean } = {}) {
  const exports = new MemoryExports();
  const journal = exports.journal;
  const ports: ExportApplicationsPorts = {
    reads: {
      querySubmissions: () => Promise.resolve({ items: [app] }),
      readApplicantRecord: () =>
        opts.failRecords
          ? Promise.reject(new Error('table unavailable'))
          : Promise.resolve({ answers: app.answers, submittedAt: app.submittedAt, documents: [], supplements: [] }),
      readTabs: () => Promise.resolve({}),
    },
    decisions: {
      readDecision: (id) => {
        journal.push(`decision:${id}`);
        return Promise.resolve(undefined);
      },
    },
    recommendations: new MemoryRecommendations(),
    exports,
    audit: (record) => {
      journal.push(`audit:${record.action}:${JSON.stringify(record.detail)}`);
      return Promise.resolve();
    },
    timetable: ALWAYS_OPEN,
  };
  return { ports, exports, journal };
}

describe("the office's export of applications", () => {
  it('records the export and its filters before anything is read, streams it, then links it', async () => {
    const m = memory();
    const link = await exportApplications(m.ports, 'csv', { term: '2027FA' }, 'reader');
    const key = [...m.exports.objects.keys()][0]!;
    expect(key).toMatch(/^exports\/\d{4}-\d{2}-\d{2}\/[0-9a-f-]{36}\.csv$/);
    expect(m.journal).toEqual(['audit:export.csv:{"term":"2027FA"}', `start:${key}`, `finish:${key}`, `presign:${key}`]);
    expect(m.exports.objects.get(key)!.contentType).toBe('text/csv; charset=utf-8');
    expect(m.exports.objects.get(key)!.chunks.join('')).toContain('REF12345');
    expect(link).toMatch(/\?as=applications-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}\.csv$/);
  });

  it("reads decisions for a decider's export and none for a reader's", async () => {
    const decider = memory();
    await exportApplications(decider.ports, 'json', {}, 'decider');
    expect(decider.journal).toContain('decision:a1');
    const reader = memory();
    await exportApplications(reader.ports, 'json', {}, 'reader');
    expect(reader.journal.filter((j) => j.startsWith('decision'))).toEqual([]);
  });

  it('aborts the upload when a read fails, and hands out no link', async () => {
    const m = memory({ failRecords: true });
    await expect(exportApplications(m.ports, 'json', {}, 'admin')).rejects.toThrow('table unavailable');
    expect(m.exports.aborted).toHaveLength(1);
    expect(m.exports.objects.size).toBe(0);
    expect(m.exports.links).toEqual([]);
  });
});
