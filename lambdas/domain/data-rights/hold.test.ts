import { describe, expect, it } from 'vitest';
import type { HoldRequest, OfficeHold } from '#form/wire/data-rights';
import { Conflict, NotFound } from '../errors';
import type { AuditRecord } from '../ports/audit';
import type { ErasureMarker } from '../ports/erasure';
import { ALREADY_HELD, BEING_ERASED, HOLD_CHANGED_MEANWHILE, NOT_HELD, holdApplication, type HoldPorts } from './hold';

const ID = '11111111-2222-3333-4444-555555555555';
const ADMIN = { email: 'admin@example.edu' };
const NOW = new Date('2026-11-25T12:00:00Z');

/** One answers item in memory, with the adapter's conditions: placed only on a submitted one without a hold, lifted only while it is the hold read. */
function world(options: { submitted?: boolean; hold?: OfficeHold; marker?: boolean } = {}) {
  const item: { submitted: boolean; hold?: OfficeHold } = { submitted: options.submitted ?? true, ...(options.hold ? { hold: options.hold } : {}) };
  const audit: Array<Pick<AuditRecord, 'action' | 'application' | 'detail'>> = [];
  const ports: HoldPorts = {
    readSubmitted: (id) =>
      Promise.resolve(id === ID && item.submitted ? { reference: 'K7Q2M9XD', ...(item.hold ? { hold: { ...item.hold } } : {}) } : undefined),
    readMarker: () => Promise.resolve(options.marker ? ({ sub: ID, cause: 'office', startedAt: NOW.toISOString() } satisfies ErasureMarker) : undefined),
    holds: {
      placeHold: (id, hold) => {
        if (id !== ID || !item.submitted || item.hold) return Promise.resolve(false);
        item.hold = hold;
        return Promise.resolve(true);
      },
      liftHold: (id, at) => {
        if (id !== ID || item.hold?.at !== at) return Promise.resolve(false);
        delete item.hold;
        return Promise.resolve(true);
      },
    },
    audit: (record) => {
      audit.push(record);
      return Promise.resolve();
    },
    now: () => NOW,
  };
  return { ports, item, audit };
}

const place: HoldRequest = { hold: true, reason: 'Enrolled: keep the file' };
const lift: HoldRequest = { hold: false };
const held: OfficeHold = { reason: 'Case 2026-14', by: 'other@example.edu', at: '2026-11-01T09:00:00.000Z' };

describe('holdApplication', () => {
  it('places a hold (who, when, why) after recording it, and says what it means', async () => {
    const { ports, item, audit } = world();
    const answer = await holdApplication(ports, ID, place, ADMIN);
    const hold = { reason: place.reason, by: ADMIN.email, at: NOW.toISOString() };
    expect(answer).toEqual({ message: expect.stringContaining('K7Q2M9XD is on hold') as unknown, hold });
    expect(item.hold).toEqual(hold);
    expect(audit).toEqual([{ action: 'hold', application: ID, detail: { reason: place.reason } }]);
  });

  it('lifts the hold it read, recorded', async () => {
    const { ports, item, audit } = world({ hold: held });
    await expect(holdApplication(ports, ID, lift, ADMIN)).resolves.toEqual({ message: expect.stringContaining('lifted') as unknown, hold: null });
    expect(item.hold).toBeUndefined();
    expect(audit).toEqual([{ action: 'hold.lift', application: ID }]);
  });

  it.each([
    ['an application that is not submitted', { submitted: false }, place, NotFound, 'There is no submitted application with this id.'],
    ['a hold on one already held', { hold: held }, place, Conflict, ALREADY_HELD],
    ['lifting a hold that is not there', {}, lift, Conflict, NOT_HELD],
    ['a hold on one being erased', { marker: true }, place, Conflict, BEING_ERASED],
  ] as const)('refuses %s in words, recording and changing nothing', async (_, options, request, kind, message) => {
    const { ports, item, audit } = world(options);
    const before = JSON.stringify(item);
    const refusal = holdApplication(ports, ID, request, ADMIN);
    await expect(refusal).rejects.toBeInstanceOf(kind);
    await expect(refusal).rejects.toThrow(message);
    expect(JSON.stringify(item)).toBe(before);
    expect(audit).toEqual([]);
  });

  it('refuses (409) a write that lost a race: another admin placed or lifted a hold after the read', async () => {
    const placing = world();
    const placeHold = placing.ports.holds.placeHold.bind(placing.ports.holds);
    placing.ports.holds.placeHold = async (id, hold) => {
      placing.item.hold = held;
      return placeHold(id, hold);
    };
    await expect(holdApplication(placing.ports, ID, place, ADMIN)).rejects.toThrow(HOLD_CHANGED_MEANWHILE);
    expect(placing.item.hold).toEqual(held);

    const lifting = world({ hold: held });
    const liftHold = lifting.ports.holds.liftHold.bind(lifting.ports.holds);
    const newer = { ...held, at: '2026-11-02T09:00:00.000Z' };
    lifting.ports.holds.liftHold = async (id, at) => {
      lifting.item.hold = newer;
      return liftHold(id, at);
    };
    await expect(holdApplication(lifting.ports, ID, lift, ADMIN)).rejects.toThrow(HOLD_CHANGED_MEANWHILE);
    expect(lifting.item.hold).toEqual(newer);
  });
});
