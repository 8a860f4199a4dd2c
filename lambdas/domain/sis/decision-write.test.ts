import { describe, expect, it } from 'vitest';
import { MemoryOffice } from '../decisions/memory.test-support';
import { Conflict, Invalid, NotFound } from '../errors';
import { changeOfficeStatus } from '../lifecycle/history';
import type { IdempotencyEntry, IdempotencyStore } from '../ports/idempotency';
import { recordSisDecision } from './decision-write';
import { CLAIM_MS, IDEMPOTENCY_TEXT, KEY_KEPT_MS, requestHash } from './idempotency';

const NOW = new Date('2026-11-29T12:00:00Z');
const client = { clientId: 'client-1', actor: 'sis:banner' };

/** The DynamoDB store's contract: a claim only on a free key, an expired one, or a claim given up by its request. */
function memoryKeys(): IdempotencyStore & { entries: Map<string, IdempotencyEntry & { expiresAt: number }> } {
  const entries = new Map<string, IdempotencyEntry & { expiresAt: number }>();
  const at = (clientId: string, key: string) => `${clientId} ${key}`;
  return {
    entries,
    read: async (clientId, key) => {
      const e = entries.get(at(clientId, key));
      return e && e.expiresAt > NOW.getTime() ? structuredClone(e) : undefined;
    },
    claim: async (clientId, key, entry, now, expiresAt) => {
      const held = entries.get(at(clientId, key));
      if (held && held.expiresAt > now.getTime() && (held.answer !== undefined || held.claimedUntil >= now.getTime())) return false;
      entries.set(at(clientId, key), { ...entry, expiresAt: expiresAt.getTime() });
      return true;
    },
    keep: async (clientId, key, entry, expiresAt) => {
      const held = entries.get(at(clientId, key));
      if (held?.requestHash === entry.requestHash && held.answer === undefined) entries.set(at(clientId, key), { ...entry, expiresAt: expiresAt.getTime() });
    },
    release: async (clientId, key, hash) => {
      const held = entries.get(at(clientId, key));
      if (held?.requestHash === hash && held.answer === undefined) entries.delete(at(clientId, key));
    },
  };
}

function setUp(...submitted: string[]) {
  const office = new MemoryOffice(...submitted);
  const keys = memoryKeys();
  let now = NOW;
  const ports = { decide: office.decisionPorts, idempotency: { keys, now: () => now } };
  return { office, keys, ports, later: (ms: number) => (now = new Date(NOW.getTime() + ms)) };
}

const admit = { decision: 'admit' as const, note: 'Strong essay', reason: '' };

describe('a decision written by a student information system, once per Idempotency-Key', () => {
  it('decides as the console does, naming the client in the history and the access record', async () => {
    const { office, ports } = setUp('app-1');
    const answer = await recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: admit }, client);
    expect(answer).toMatchObject({ office_status: 'decided', decision: { decision: 'admit', note: 'Strong essay', decided_by: 'sis:banner' } });
    expect(office.whats('app-1')).toEqual(['submitted → decided: Decision: Admit']);
    expect(office.audited).toEqual([{ action: 'decision', application: 'app-1', detail: { decision: 'admit' } }]);
  });

  it('answers the same key and request again with the first answer, deciding nothing again', async () => {
    const { office, ports, later } = setUp('app-1');
    const first = await recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: admit }, client);
    later(60 * 60 * 1000);
    const again = await recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: { ...admit } }, client);
    expect(again).toEqual(first);
    expect(office.journal).toEqual(['audit:decision', 'decision', 'history']);
  });

  it('refuses the same key with another decision, note or application (409 in words), writing nothing', async () => {
    const { office, ports } = setUp('app-1', 'app-2');
    await recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: admit }, client);
    for (const [id, decision] of [
      ['app-1', { ...admit, decision: 'deny' as const }],
      ['app-1', { ...admit, note: 'Another note' }],
      ['app-2', admit],
    ] as const) {
      await expect(recordSisDecision(ports, { id, key: 'k-1', decision }, client)).rejects.toEqual(new Conflict(IDEMPOTENCY_TEXT.otherRequest));
    }
    expect(office.journal).toEqual(['audit:decision', 'decision', 'history']);
    expect(office.records.has('app-2')).toBe(false);
  });

  it("keeps another client's keys apart: the same key is a new request for it", async () => {
    const { office, ports } = setUp('app-1', 'app-2');
    await recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: admit }, client);
    await recordSisDecision(ports, { id: 'app-2', key: 'k-1', decision: admit }, { clientId: 'client-2', actor: 'sis:slate' });
    expect(office.records.get('app-2')?.decided_by).toBe('sis:slate');
  });

  it('keeps nothing for a refused request, so the key can be sent again once it is right', async () => {
    const { office, ports, keys } = setUp('app-1');
    await expect(recordSisDecision(ports, { id: 'nope', key: 'k-1', decision: admit }, client)).rejects.toBeInstanceOf(NotFound);
    expect(keys.entries.size).toBe(0);
    await recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: admit }, client);
    expect(office.statusOf('app-1')).toBe('decided');
  });

  it('changes a released decision only with a reason, as the console does for an admin', async () => {
    const { office, ports } = setUp('app-1');
    await recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: { ...admit, decision: 'deny' } }, client);
    const record = office.records.get('app-1')!;
    office.records.set('app-1', { ...record, released: { decision: 'deny', at: NOW.toISOString(), release_id: 'rel-1' }, version: record.version + 1 });
    await changeOfficeStatus(office.status, { id: 'app-1', to: 'released', staff: 'admin@example.edu', what: 'Released' }, NOW);
    await expect(recordSisDecision(ports, { id: 'app-1', key: 'k-2', decision: admit }, client)).rejects.toBeInstanceOf(Invalid);
    await recordSisDecision(ports, { id: 'app-1', key: 'k-3', decision: { ...admit, reason: 'Transcript corrected' } }, client);
    expect(office.whats('app-1').at(-1)).toBe('released → decided: Released decision changed: Deny → Admit. Reason: Transcript corrected');
  });

  it('refuses a copy while the first still runs (409, retry), and lets one run once a claim is given up', async () => {
    const { office, ports, keys, later } = setUp('app-1');
    await keys.claim(
      client.clientId,
      'k-1',
      { requestHash: requestHash({ id: 'app-1', ...admit }), claimedUntil: NOW.getTime() + CLAIM_MS },
      NOW,
      new Date(NOW.getTime() + KEY_KEPT_MS),
    );
    await expect(recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: admit }, client)).rejects.toEqual(new Conflict(IDEMPOTENCY_TEXT.running));
    expect(office.journal).toEqual([]);
    later(CLAIM_MS + 1);
    await recordSisDecision(ports, { id: 'app-1', key: 'k-1', decision: admit }, client);
    expect(office.statusOf('app-1')).toBe('decided');
  });

  it('hashes the request regardless of field order, with an absent and an empty field alike', () => {
    expect(requestHash({ id: 'a', decision: 'admit', note: '' })).toBe(requestHash({ decision: 'admit', id: 'a' }));
    expect(requestHash({ id: 'a', decision: 'admit' })).not.toBe(requestHash({ id: 'b', decision: 'admit' }));
  });
});
