import { describe, expect, it } from 'vitest';
import { readChecklist } from './checklist';
import { MemoryRecommendations } from './recommendations/memory.test-support';

describe("the status page's checklist", () => {
  it("lists the application's materials, then the letters asked for", async () => {
    const recommendations = new MemoryRecommendations();
    const ports = {
      readApplicantRecord: () => Promise.resolve({ answers: {}, documents: [], supplements: [] }),
      readTabs: () => Promise.resolve({}),
      recommendations,
    };
    const none = await readChecklist(ports, 'a1', () => new Date('2026-11-26T00:00:00.000Z'));
    expect(none.items.length).toBeGreaterThan(0);
    await recommendations.createRecommendation({
      id: 'r1',
      sub: 'a1',
      role: 'teacher',
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@school.edu',
      status: 'invited',
      invitedAt: '2026-11-01T00:00:00.000Z',
      expiresAt: '2026-12-01T00:00:00.000Z',
      tokenHashes: [],
      applicant: { firstName: 'Ada', lastName: 'King', school: 'School', email: 'ada@example.edu' },
      waiver: 'Y',
      version: 1,
    });
    const asked = await readChecklist(ports, 'a1', () => new Date('2026-11-26T00:00:00.000Z'));
    expect(asked.items.slice(0, none.items.length)).toEqual(none.items);
    expect(asked.items.length).toBe(none.items.length + 1);
  });
});
