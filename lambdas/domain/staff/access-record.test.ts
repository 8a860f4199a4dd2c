import { describe, expect, it } from 'vitest';
import { Forbidden } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { AuditRecord } from '../ports/audit';
import { readAuditTrail } from './access-record';

const stored: AuditRecord = { at: '2027-01-01T00:00:00.000Z', staff: 'ada@office.edu', action: 'read', application: 'a1', ip: '192.0.2.1' };
const reader = { email: 'rita@office.edu', role: 'reader' as const };

function ports(items: AuditRecord[] = [stored]) {
  const m = memoryAudit();
  return {
    ...m,
    ports: {
      audit: m.audit,
      readAudit: (application: string | undefined) => (m.journal.push(`read:${application ?? 'office'}`), Promise.resolve({ items })),
      nameApplication: () => Promise.resolve({ reference: 'REF12345', name: 'Ada King' }),
    },
  };
}

describe('reading the access record', () => {
  it("records the read of one application's record, before reading it, for every role", async () => {
    const m = ports();
    const page = await readAuditTrail(m.ports, { application: 'a1' }, reader);
    expect(m.journal).toEqual(['audit:audit', 'read:a1']);
    expect(m.records).toEqual([{ action: 'audit', detail: { application: 'a1' } }]);
    expect(page.items[0]).toMatchObject({ reference: 'REF12345', name: 'Ada King' });
  });

  it("refuses the office-wide record to a reader before recording anything, and records an admin's read", async () => {
    const refused = ports();
    await expect(readAuditTrail(refused.ports, {}, reader)).rejects.toBeInstanceOf(Forbidden);
    expect(refused.journal).toEqual([]);
    const admin = ports();
    await readAuditTrail(admin.ports, {}, { email: 'boss@office.edu', role: 'admin' });
    expect(admin.records).toEqual([{ action: 'audit' }]);
    expect(admin.journal).toEqual(['audit:audit', 'read:office']);
  });

  it("shows a reader no decision, no reason and no other reviewer's recommendation; their own review and a decider's view stay whole", async () => {
    const at = '2027-01-02T00:00:00.000Z';
    const items: AuditRecord[] = [
      {
        at,
        staff: 'dan@office.edu',
        action: 'decision',
        application: 'a1',
        ip: '192.0.2.2',
        detail: { decision: 'admit', previous: 'deny', released_change: 'true', reason: 'Transcript' },
      },
      { at, staff: 'dan@office.edu', action: 'decision', application: 'a1', ip: '192.0.2.2', detail: { decision: 'deny', bulk: '3' } },
      { at, staff: 'otto@office.edu', action: 'review', application: 'a1', ip: '192.0.2.3', detail: { recommendation: 'waitlist', change: 'added' } },
      { at, staff: reader.email, action: 'review', application: 'a1', ip: '192.0.2.4', detail: { recommendation: 'defer', change: 'revised' } },
    ];
    const asReader = await readAuditTrail(ports(items).ports, { application: 'a1' }, reader);
    expect(asReader.items.map((i) => [i.summary, i.detail])).toEqual([
      ['Changed the released decision of the application REF12345 (Ada King)', { released_change: 'true' }],
      ['Recorded a decision on the application REF12345 (Ada King) (one of 3 decided together)', { bulk: '3' }],
      ['Reviewed the application REF12345 (Ada King)', { change: 'added' }],
      ['Revised their review of the application REF12345 (Ada King) (recommends Defer)', { recommendation: 'defer', change: 'revised' }],
    ]);
    expect(JSON.stringify(asReader)).not.toMatch(/admit|deny|waitlist|Transcript/i);
    const asDecider = await readAuditTrail(ports(items).ports, { application: 'a1' }, { email: 'dan@office.edu', role: 'decider' });
    expect(asDecider.items.map((i) => i.detail)).toEqual(items.map((i) => i.detail));
    expect(asDecider.items[0]?.summary).toBe('Changed the released decision of the application REF12345 (Ada King) from Deny to Admit (reason: Transcript)');
  });
});
