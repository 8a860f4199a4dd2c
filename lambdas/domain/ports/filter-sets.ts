/**
 * The office's saved filter sets of the staff list (domain/staff/filter-sets.ts). Adapter:
 * adapters/store/filter-sets-store.ts (status table, one partition for the office's sets).
 */
import type { FilterSet } from '#form/wire/filter-sets';

export interface FilterSetStore {
  /** Every set of the office (every owner's, shared or not): one Query. */
  listFilterSets(): Promise<FilterSet[]>;
  readFilterSet(id: string): Promise<FilterSet | undefined>;
  /** A new set where none has its id; false when one has. */
  addFilterSet(set: FilterSet): Promise<boolean>;
  /** Replaces the set only as it was read (its `updated_at`); false when it changed or went meanwhile. */
  replaceFilterSet(set: FilterSet, readAt: string): Promise<boolean>;
  deleteFilterSet(id: string): Promise<void>;
}
