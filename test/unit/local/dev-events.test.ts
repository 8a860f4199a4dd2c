import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { invokePublisher, publishOrLog, type SubmissionEvent } from '#adapters/events';
import { setConfig } from '#lambdas/config';
import { appendEvent } from '#local/dev-events';

const dir = mkdtempSync(join(tmpdir(), 'events-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const event: SubmissionEvent = {
  type: 'Application Submitted',
  detail: {
    version: 1,
    cycle: 'fall-2027',
    id: 'a',
    reference: 'ABCD2345',
    submitted_at: '2026-11-24T07:00:00.000Z',
    entry_term: 'F27',
    entry_term_desc: 'Fall 2027',
    applied_major: 'CS',
    applied_major_desc: 'Computer Science',
    pdf_key: 'pdf/a.pdf',
  },
};

describe('publishing submission events', () => {
  it('appends one JSON line per event locally, shaped as EventBridge delivers it', async () => {
    const file = join(dir, 'events.jsonl');
    await appendEvent(file, event);
    await appendEvent(file, { ...event, type: 'Application PDF Ready' });
    const lines = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l['detail-type'])).toEqual(['Application Submitted', 'Application PDF Ready']);
    expect(lines[0]).toEqual({
      id: expect.any(String),
      time: expect.any(String),
      source: 'admissions.applications',
      'detail-type': 'Application Submitted',
      detail: event.detail,
    });
  });

  it('retries a failed append before giving up', async () => {
    const later = join(dir, 'appears-later');
    // The first append fails (no such directory); the directory exists before the first retry.
    const published = appendEvent(join(later, 'events.jsonl'), event);
    setTimeout(() => mkdirSync(later), 10);
    await published;
    expect(readFileSync(join(later, 'events.jsonl'), 'utf8')).toContain('"Application Submitted"');
  });

  it('never throws: an unwritable sink or a missing publisher is reported as not published', async () => {
    const unwritable = join(dir, 'no', 'such', 'dir', 'events.jsonl');
    await expect(publishOrLog((e) => appendEvent(unwritable, e), event)).resolves.toBe(false);
    setConfig({ eventsFunctionName: '' });
    await expect(publishOrLog(invokePublisher, event)).resolves.toBe(false);
  });
});
