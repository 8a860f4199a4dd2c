import { describe, expect, it } from 'vitest';
import { Forbidden } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { AuditRecord } from '../ports/audit';
import { readAuditTrail } from './access-record';

const stored: AuditRecord = { at: '2027-01-01T00:00:00.000Z', staff: 'ada@office.edu', action: 'read', application: 'a1', ip: '192.0.2.1' };

function ports() {
  const m = memoryAudit();
  return {
    ...m,
    ports: {
      audit: m.audit,
      readAudit: (application: string | undefined) => (m.journal.push(`read:${application ?? 'office'}`), Promise.resolve({ items: [stored] })),
      nameApplication: () => Promise.resolve({ reference: 'REF12345', name: 'Ada King' }),
    },
  };
}

describe('reading the access record', () => {
  it("records the read of one application's record, before reading it, for every role", async () => {
    const m = ports();
    const page = await readAuditTrail(m.ports, { application: 'a1' }, 'reader');
    expect(m.journal).toEqual(['audit:audit', 'read:a1']);
    expect(m.records).toEqual([{ action: 'audit', detail: { application: 'a1' } }]);
    expect(page.items[0]).toMatchObject({ reference: 'REF12345', name: 'Ada King' });
  });

  it("refuses the office-wide record to a reader before recording anything, and records an admin's read", async () => {
    const reader = ports();
    await expect(readAuditTrail(reader.ports, {}, 'reader')).rejects.toBeInstanceOf(Forbidden);
    expect(reader.journal).toEqual([]);
    const admin = ports();
    await readAuditTrail(admin.ports, {}, 'admin');
    expect(admin.records).toEqual([{ action: 'audit' }]);
    expect(admin.journal).toEqual(['audit:audit', 'read:office']);
  });
});
