import { describe, expect, it } from 'vitest';
import { Invalid } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { SubmittedApplication } from '../ports/submissions';
import { encodeCursor, listApplications } from './listing';

const app: SubmittedApplication = {
  id: 'a1',
  reference: 'REF12345',
  email: 'ada@example.edu',
  submittedAt: '2027-01-01T00:00:00.000Z',
  answers: { first_name: 'Ada' },
  officeStatus: 'submitted',
  decision: 'admit',
};

function ports() {
  const m = memoryAudit();
  return { ...m, ports: { audit: m.audit, querySubmissions: () => (m.journal.push('query'), Promise.resolve({ items: [app] })) } };
}

describe("the office's list of applications", () => {
  it('records the list and its filters before anything is read', async () => {
    const m = ports();
    const page = await listApplications(m.ports, { filters: { term: '2027FA' } }, 'admin');
    expect(m.journal).toEqual(['audit:list', 'query']);
    expect(m.records).toEqual([{ action: 'list', detail: { term: '2027FA' } }]);
    expect(page).toMatchObject({ items: [{ id: 'a1', reference: 'REF12345' }], cursor: null });
  });

  it('refuses a cursor it did not make before recording or reading anything', async () => {
    const m = ports();
    await expect(listApplications(m.ports, { filters: {}, cursor: 'not-a-cursor' }, 'reader')).rejects.toBeInstanceOf(Invalid);
    expect(m.journal).toEqual([]);
  });

  it('shows a reader no decision, and a decider the recorded one', async () => {
    const reader = await listApplications(ports().ports, { filters: {} }, 'reader');
    const decider = await listApplications(
      ports().ports,
      { filters: {}, cursor: encodeCursor({ pk: 'a0', submitted_sort: `2027-01-02#a0` }) ?? undefined },
      'decider',
    );
    expect(reader.items[0]).not.toHaveProperty('decision');
    expect(decider.items[0]).toMatchObject({ decision: 'admit' });
  });
});
