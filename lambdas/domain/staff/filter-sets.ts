/**
 * Saved and shared filter sets of the staff list (issue 39, item 6). Any role lists its own sets
 * and those shared with the office, and saves one; only a set's owner changes it (its name, its
 * query, whether it is shared); its owner deletes it, and an admin may delete a shared one (the
 * office's list stays tidy when a colleague leaves). A set's query passes the list's own rights:
 * a reader cannot save a decision filter or the score order. Each change is recorded first, with
 * the set's name and its filters.
 */
import { FILTER_SETS_PER_PERSON, queryParams, type FilterSet, type FilterSetRequest, type FilterSetSaved, type FilterSetsReply } from '#form/wire/filter-sets';
import type { StaffRole } from '#form/wire/roles';
import { Conflict, Forbidden, NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { FilterSetStore } from '../ports/filter-sets';
import { checkListRights, filterDetail } from './listing';

export interface FilterSetPorts {
  store: FilterSetStore;
  audit: StaffAudit;
  now(): Date;
  newId(): string;
}

export interface StaffViewer {
  email: string;
  role: StaffRole;
}

export const FILTER_SET_TEXT = {
  saved: (name: string) => `The filter set “${name}” is saved.`,
  changed: (name: string) => `The filter set “${name}” is changed.`,
  deleted: (name: string) => `The filter set “${name}” is deleted.`,
  noSet: 'There is no such filter set (it may have been deleted).',
  tooMany: `You keep ${FILTER_SETS_PER_PERSON} filter sets at most: delete one you no longer use first.`,
  notOwner: (owner: string) => `Only its owner (${owner}) changes this filter set: save a copy of your own instead.`,
  notYoursToDelete: (owner: string) => `Only its owner (${owner}) deletes this filter set; an admin may delete it once it is shared.`,
  meanwhile: 'This filter set was changed elsewhere at the same moment. Reload the saved filters and try again.',
} as const;

const visibleTo = (set: FilterSet, viewer: StaffViewer) => set.owner === viewer.email || set.shared;

/** What the record keeps of a set: its name, whether it is shared, and its filters and sort as asked. */
function setDetail(set: Pick<FilterSet, 'name' | 'shared' | 'query'>): Record<string, string> {
  const { sort, order, ...filters } = set.query;
  return { name: set.name, shared: String(set.shared), ...filterDetail(filters), ...(sort ? { sort, order: order ?? '' } : {}) };
}

/** GET /staff/api/filter-sets: the viewer's sets and the shared ones, by name. */
export async function listFilterSets(ports: FilterSetPorts, viewer: StaffViewer): Promise<FilterSetsReply> {
  await ports.audit({ action: 'filter-sets' });
  const sets = (await ports.store.listFilterSets()).filter((s) => visibleTo(s, viewer));
  return { sets: sets.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id)), you: viewer.email };
}

/** POST /staff/api/filter-sets: a new set of the viewer's (at most FILTER_SETS_PER_PERSON). */
export async function saveFilterSet(ports: FilterSetPorts, viewer: StaffViewer, request: FilterSetRequest): Promise<FilterSetSaved> {
  checkListRights(viewer.role, request.query.filters, request.query.sort);
  const mine = (await ports.store.listFilterSets()).filter((s) => s.owner === viewer.email);
  if (mine.length >= FILTER_SETS_PER_PERSON) throw new Conflict(FILTER_SET_TEXT.tooMany);
  const at = ports.now().toISOString();
  const set: FilterSet = {
    id: ports.newId(),
    name: request.name,
    owner: viewer.email,
    shared: request.shared,
    query: queryParams(request.query),
    created_at: at,
    updated_at: at,
  };
  await ports.audit({ action: 'filter-set.add', detail: setDetail(set) });
  // A new random id: refused only if the generator repeated itself.
  if (!(await ports.store.addFilterSet(set))) throw new Conflict(FILTER_SET_TEXT.meanwhile);
  return { message: FILTER_SET_TEXT.saved(set.name), set };
}

/** A set the viewer may see, or 404 (another's private set is not said to exist). */
async function readVisible(ports: FilterSetPorts, viewer: StaffViewer, id: string): Promise<FilterSet> {
  const set = await ports.store.readFilterSet(id);
  if (!set || !visibleTo(set, viewer)) throw new NotFound(FILTER_SET_TEXT.noSet);
  return set;
}

/** PUT /staff/api/filter-sets/{setId}: its owner renames it, changes its query, or shares it (or stops). */
export async function changeFilterSet(ports: FilterSetPorts, viewer: StaffViewer, id: string, change: Partial<FilterSetRequest>): Promise<FilterSetSaved> {
  const set = await readVisible(ports, viewer, id);
  if (set.owner !== viewer.email) throw new Forbidden(FILTER_SET_TEXT.notOwner(set.owner));
  if (change.query) checkListRights(viewer.role, change.query.filters, change.query.sort);
  const changed: FilterSet = {
    ...set,
    ...(change.name !== undefined ? { name: change.name } : {}),
    ...(change.shared !== undefined ? { shared: change.shared } : {}),
    ...(change.query ? { query: queryParams(change.query) } : {}),
    updated_at: ports.now().toISOString(),
  };
  await ports.audit({ action: 'filter-set.change', detail: setDetail(changed) });
  if (!(await ports.store.replaceFilterSet(changed, set.updated_at))) throw new Conflict(FILTER_SET_TEXT.meanwhile);
  return { message: FILTER_SET_TEXT.changed(changed.name), set: changed };
}

/** DELETE /staff/api/filter-sets/{setId}: its owner, or an admin for a shared set. */
export async function deleteFilterSet(ports: FilterSetPorts, viewer: StaffViewer, id: string): Promise<{ message: string }> {
  const set = await readVisible(ports, viewer, id);
  const mayDelete = set.owner === viewer.email || (viewer.role === 'admin' && set.shared);
  if (!mayDelete) throw new Forbidden(FILTER_SET_TEXT.notYoursToDelete(set.owner));
  await ports.audit({ action: 'filter-set.delete', detail: { name: set.name, ...(set.owner !== viewer.email ? { email: set.owner } : {}) } });
  await ports.store.deleteFilterSet(id);
  return { message: FILTER_SET_TEXT.deleted(set.name) };
}
