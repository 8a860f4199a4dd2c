import { describe, expect, it } from 'vitest';
import { NotFound } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { TemporaryLinkLedger, TemporaryLinkRecord } from '../ports/temporary-links';
import { readLinkLedger, revokeLinkByOffice } from './temporary-links';

const link: TemporaryLinkRecord = {
  id: 'l1',
  issuedAt: '2026-11-01T00:00:00.000Z',
  issuedBy: 'head@office.edu',
  expiresAt: '2026-11-15T00:00:00.000Z',
  keys: ['first_name'],
  recipientEmail: 'ada@example.com',
};

/** The office's ledger in memory, journaled with the audit. */
function ledger() {
  const m = memoryAudit();
  const links = new Map([[link.id, { ...link }]]);
  const ports: Pick<TemporaryLinkLedger, 'listLinks' | 'readLink' | 'revokeLink'> & { audit: typeof m.audit } = {
    audit: m.audit,
    listLinks: () => (m.journal.push('list'), Promise.resolve({ items: [...links.values()] })),
    readLink: (id) => Promise.resolve(links.get(id)),
    revokeLink: (id, revokedBy, now) => {
      const l = links.get(id);
      if (!l || l.revokedAt) return Promise.resolve(false);
      m.journal.push('revoke');
      links.set(id, { ...l, revokedAt: now.toISOString(), revokedBy });
      return Promise.resolve(true);
    },
  };
  return { ...m, ports };
}

describe("the office's temporary links", () => {
  it('records the read of the ledger before it is read', async () => {
    const m = ledger();
    const page = await readLinkLedger(m.ports);
    expect(m.journal).toEqual(['audit:temporary-links', 'list']);
    expect(page.items.map((i) => i.id)).toEqual(['l1']);
  });

  it('records a revocation with what the link was, before its token ends; an unknown or revoked link records nothing', async () => {
    const m = ledger();
    await revokeLinkByOffice(m.ports, 'l1', 'admin@office.edu');
    expect(m.journal).toEqual(['audit:temporary-link.revoke', 'revoke']);
    expect(m.records[0]).toMatchObject({ action: 'temporary-link.revoke', detail: { link: 'l1', issued_by: 'head@office.edu' } });
    await expect(revokeLinkByOffice(m.ports, 'l1', 'admin@office.edu')).rejects.toBeInstanceOf(NotFound);
    await expect(revokeLinkByOffice(m.ports, 'nope', 'admin@office.edu')).rejects.toBeInstanceOf(NotFound);
    expect(m.records).toHaveLength(1);
  });
});
