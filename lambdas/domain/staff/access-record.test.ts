import { describe, expect, it } from 'vitest';
import { Forbidden } from '../errors';
import { memoryAudit, memoryTrail } from '../memory-audit.test-support';
import type { AuditRecord } from '../ports/audit';
import { readAuditTrail } from './access-record';

const stored: AuditRecord = { at: '2027-01-01T00:00:00.000Z', staff: 'ada@office.edu', action: 'read', application: 'a1', ip: '192.0.2.1' };
const reader = { email: 'rita@office.edu', role: 'reader' as const };

function ports(items: AuditRecord[] = [stored]) {
  const m = memoryAudit();
  const trail = memoryTrail(items.map((r, n) => ({ ...r, key: `${r.at}#${String(n).padStart(8, '0')}-0000-4000-8000-000000000000` })));
  return {
    ...m,
    ports: {
      audit: m.audit,
      readAudit: (application: string | undefined) => (m.journal.push(`read:${application ?? 'office'}`), Promise.resolve({ items })),
      readTrail: (query: Parameters<typeof trail.readTrail>[0]) => (m.journal.push(`trail:${query.action}`), trail.readTrail(query)),
      nameApplication: () => Promise.resolve({ reference: 'REF12345', name: 'Ada King' }),
    },
  };
}

const admin = { email: 'boss@office.edu', role: 'admin' as const };

describe('reading the access record', () => {
  it("records the read of one application's record, before reading it, for every role", async () => {
    const m = ports();
    const page = await readAuditTrail(m.ports, { application: 'a1' }, reader);
    expect(m.journal).toEqual(['audit:audit', 'read:a1']);
    expect(m.records).toEqual([{ action: 'audit', detail: { application: 'a1' } }]);
    expect(page.items[0]).toMatchObject({ reference: 'REF12345', name: 'Ada King' });
  });

  it("refuses the office-wide record to a reader and a decider before recording anything, and records an admin's read with the filters asked", async () => {
    for (const role of ['reader', 'decider'] as const) {
      const refused = ports();
      await expect(readAuditTrail(refused.ports, { filters: { action: 'erase' } }, { email: 'x@office.edu', role })).rejects.toBeInstanceOf(Forbidden);
      expect(refused.journal).toEqual([]);
    }
    const all = ports();
    await readAuditTrail(all.ports, { filters: {} }, admin);
    expect(all.records).toEqual([{ action: 'audit' }]);
    expect(all.journal[0]).toBe('audit:audit');
    const filtered = ports();
    await readAuditTrail(filtered.ports, { filters: { staff: 'ada@office.edu', action: 'read', from: '2026-09-01' } }, admin);
    expect(filtered.records).toEqual([{ action: 'audit', detail: { staff: 'ada@office.edu', action: 'read', from: '2026-09-01' } }]);
    expect(filtered.journal).toEqual(['audit:audit', 'trail:read']);
  });

  it("reads the office-wide record across every partition: an application's records and the office's, newest first, each in words", async () => {
    const items: AuditRecord[] = [
      { at: '2027-01-01T10:00:00.000Z', staff: 'ada@office.edu', action: 'sign-in', ip: '192.0.2.1' },
      { at: '2027-01-01T10:05:00.000Z', staff: 'ada@office.edu', action: 'read', application: 'a1', ip: '192.0.2.1' },
      {
        at: '2027-01-01T10:07:00.000Z',
        staff: admin.email,
        action: 'erase',
        application: 'gone',
        ip: '192.0.2.9',
        detail: { reference: 'GONE1234', reason: 'Asked' },
      },
    ];
    const m = ports(items);
    const page = await readAuditTrail(m.ports, { filters: {} }, admin);
    expect(page.items.map((i) => i.summary)).toEqual(['Erased the application GONE1234: “Asked”', 'Read the application REF12345 (Ada King)', 'Signed in']);
    expect(page.cursor).toBeNull();
    const erasures = await readAuditTrail(ports(items).ports, { filters: { action: 'erase' } }, admin);
    expect(erasures.items.map((i) => i.application)).toEqual(['gone']);
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
