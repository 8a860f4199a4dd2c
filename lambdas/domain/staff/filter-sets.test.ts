import { describe, expect, it } from 'vitest';
import { FILTER_SETS_PER_PERSON, parseFilterSet, parseFilterSetChange, type FilterSet } from '#form/wire/filter-sets';
import { InputError } from '#form/wire/input';
import { Conflict, Forbidden, NotFound } from '../errors';
import { memoryAudit } from '../memory-audit.test-support';
import type { FilterSetStore } from '../ports/filter-sets';
import { changeFilterSet, deleteFilterSet, listFilterSets, saveFilterSet } from './filter-sets';

const ann = { email: 'ann@x.edu', role: 'reader' as const };
const dee = { email: 'dee@x.edu', role: 'decider' as const };
const adm = { email: 'adm@x.edu', role: 'admin' as const };

function office() {
  const sets = new Map<string, FilterSet>();
  const m = memoryAudit();
  let n = 0;
  const store: FilterSetStore = {
    listFilterSets: async () => [...sets.values()].map((s) => structuredClone(s)),
    readFilterSet: async (id) => structuredClone(sets.get(id)),
    addFilterSet: async (set) => (sets.has(set.id) ? false : (sets.set(set.id, structuredClone(set)), m.journal.push('put'), true)),
    replaceFilterSet: async (set, readAt) =>
      sets.get(set.id)?.updated_at === readAt ? (sets.set(set.id, structuredClone(set)), m.journal.push('put'), true) : false,
    deleteFilterSet: async (id) => void (sets.delete(id), m.journal.push('delete')),
  };
  const ports = { store, audit: m.audit, now: () => new Date('2027-01-10T12:00:00Z'), newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` };
  return { ...m, sets, ports };
}

const save = (body: unknown) => parseFilterSet(body);

describe('filter sets', () => {
  it('reads the name, the list’s query (by its own parser) and shared; refuses the rest in words', () => {
    expect(save({ name: ' Texas ', query: { state: 'tx', sort: 'name' }, shared: true })).toEqual({
      name: 'Texas',
      query: { filters: { state: 'TX' }, sort: { by: 'name', order: 'asc' } },
      shared: true,
    });
    expect(() => save({ name: '', query: {}, shared: false })).toThrow('Name the filter set');
    expect(() => save({ name: 'x'.repeat(81), query: {}, shared: false })).toThrow('at most 80 characters');
    expect(() => save({ name: 'x', query: { state: 'ZZ' }, shared: false })).toThrow('There is no state or province “ZZ”');
    expect(() => save({ name: 'x', query: { late: 1 }, shared: false })).toThrow(InputError);
    expect(() => save({ name: 'x', query: {}, shared: 'yes' })).toThrow('shared is true');
    expect(() => parseFilterSetChange({})).toThrow('nothing to change');
  });

  it('saves, recorded first with its name and filters; lists one’s own and the shared ones, never another’s private set', async () => {
    const o = office();
    const mine = await saveFilterSet(o.ports, ann, save({ name: 'Mine', query: { state: 'TX' }, shared: false }));
    expect(o.journal).toEqual(['audit:filter-set.add', 'put']);
    expect(o.records[0]).toEqual({ action: 'filter-set.add', detail: { name: 'Mine', shared: 'false', state: 'TX' } });
    expect(mine.set).toMatchObject({ owner: 'ann@x.edu', query: { state: 'TX' }, shared: false });
    await saveFilterSet(o.ports, dee, save({ name: 'Admits', query: { decision: 'admit', sort: 'score' }, shared: true }));
    await saveFilterSet(o.ports, dee, save({ name: 'Dee only', query: {}, shared: false }));
    expect((await listFilterSets(o.ports, ann)).sets.map((s) => s.name)).toEqual(['Admits', 'Mine']);
    expect((await listFilterSets(o.ports, dee)).sets.map((s) => s.name)).toEqual(['Admits', 'Dee only']);
    // The shared set's query is the list's address.
    expect((await listFilterSets(o.ports, ann)).sets[0]!.query).toEqual({ decision: 'admit', sort: 'score', order: 'desc' });
  });

  it('refuses a reader a decision filter or the score order (403), before recording anything', async () => {
    const o = office();
    await expect(saveFilterSet(o.ports, ann, save({ name: 'x', query: { reply: 'accept' }, shared: false }))).rejects.toBeInstanceOf(Forbidden);
    await expect(saveFilterSet(o.ports, ann, save({ name: 'x', query: { sort: 'score' }, shared: false }))).rejects.toBeInstanceOf(Forbidden);
    expect(o.journal).toEqual([]);
  });

  it(`keeps at most ${FILTER_SETS_PER_PERSON} sets per person (409 in words)`, async () => {
    const o = office();
    for (let i = 0; i < FILTER_SETS_PER_PERSON; i++) await saveFilterSet(o.ports, ann, save({ name: `S${i}`, query: {}, shared: false }));
    await expect(saveFilterSet(o.ports, ann, save({ name: 'one more', query: {}, shared: false }))).rejects.toThrow(Conflict);
    // Another person's count is their own.
    await expect(saveFilterSet(o.ports, dee, save({ name: 'one more', query: {}, shared: false }))).resolves.toBeDefined();
  });

  it('lets only the owner change a set; another’s private set is not found', async () => {
    const o = office();
    const shared = (await saveFilterSet(o.ports, ann, save({ name: 'Texas', query: { state: 'TX' }, shared: true }))).set;
    const hidden = (await saveFilterSet(o.ports, ann, save({ name: 'Hidden', query: {}, shared: false }))).set;
    await expect(changeFilterSet(o.ports, dee, shared.id, { name: 'Mine now' })).rejects.toThrow('Only its owner (ann@x.edu) changes this filter set');
    await expect(changeFilterSet(o.ports, dee, hidden.id, { name: 'x' })).rejects.toBeInstanceOf(NotFound);
    const changed = await changeFilterSet(o.ports, ann, shared.id, {
      name: 'Texas, by name',
      query: parseFilterSet({ name: 'n', query: { state: 'TX', sort: 'name' }, shared: true }).query,
      shared: false,
    });
    expect(changed.set).toMatchObject({ name: 'Texas, by name', shared: false, query: { state: 'TX', sort: 'name', order: 'asc' } });
    expect(o.records.at(-1)).toEqual({
      action: 'filter-set.change',
      detail: { name: 'Texas, by name', shared: 'false', state: 'TX', sort: 'name', order: 'asc' },
    });
  });

  it('lets the owner delete a set, and an admin a shared one only', async () => {
    const o = office();
    const shared = (await saveFilterSet(o.ports, dee, save({ name: 'Shared', query: {}, shared: true }))).set;
    const own = (await saveFilterSet(o.ports, dee, save({ name: 'Own', query: {}, shared: false }))).set;
    await expect(deleteFilterSet(o.ports, ann, shared.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(deleteFilterSet(o.ports, adm, own.id)).rejects.toBeInstanceOf(NotFound);
    await deleteFilterSet(o.ports, adm, shared.id);
    expect(o.records.at(-1)).toEqual({ action: 'filter-set.delete', detail: { name: 'Shared', email: 'dee@x.edu' } });
    await deleteFilterSet(o.ports, dee, own.id);
    expect(o.sets.size).toBe(0);
  });
});
