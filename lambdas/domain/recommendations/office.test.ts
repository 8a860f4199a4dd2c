import { describe, expect, it } from 'vitest';
import { NotFound } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { RecommendationRecord } from '../ports/recommendations';
import { MemoryRecommendations } from './memory.test-support';
import { NO_LETTER, staffLetterDownload } from './office';

const record = (status: RecommendationRecord['status'], convertedKey?: string): RecommendationRecord => ({
  id: 'r1',
  sub: 'a1',
  role: 'teacher',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@school.edu',
  status,
  invitedAt: '2026-11-01T00:00:00.000Z',
  // Far ahead: the office reads it as of today, so an expiry in the past would make it expired.
  expiresAt: '2099-12-01T00:00:00.000Z',
  tokenHashes: [],
  applicant: { firstName: 'Ada', lastName: 'King', school: 'School', email: 'ada@example.edu' },
  waiver: 'Y',
  version: 1,
  ...(convertedKey ? { letter: { fileKey: 'uploads/x', status: 'COMPLETED', convertedKey, updatedAt: '2026-11-02T00:00:00.000Z' } } : {}),
});

function ports(r: RecommendationRecord) {
  const store = new MemoryRecommendations();
  store.records.set(r.id, r);
  const m = memoryAudit();
  const uploads = {
    presignUpload: () => Promise.reject(new Error('not here')),
    presignLetterDownload: (key: string, name: string) => (m.journal.push('sign'), Promise.resolve(`https://letters/${key}?as=${name}`)),
  };
  return { ...m, ports: { store, uploads, audit: m.audit } };
}

describe("a staff member's download of a letter", () => {
  it('records the read, then signs a link named for the recommender', async () => {
    const m = ports(record('submitted', 'converted/letters/r1.pdf'));
    expect(await staffLetterDownload(m.ports, 'a1', 'r1')).toBe('https://letters/converted/letters/r1.pdf?as=recommendation-teacher-Hopper.pdf');
    expect(m.journal).toEqual(['audit:read', 'sign']);
    expect(m.records).toEqual([{ action: 'read', application: 'a1', detail: { recommendation: 'r1', what: 'letter' } }]);
  });

  it('answers 404 for a letter not submitted (the read is still recorded)', async () => {
    const m = ports(record('invited'));
    await expect(staffLetterDownload(m.ports, 'a1', 'r1')).rejects.toEqual(new NotFound(NO_LETTER));
    expect(m.journal).toEqual(['audit:read']);
  });
});
