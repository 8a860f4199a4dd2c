import type { Category } from '#form/wire/lookup';
import type { LookupItem } from '#form/wire/responses';
import { call } from '#web/lib/api-client';

export type { LookupItem };

/** GET /lookup/find search; failures are silent: an empty list, and the applicant can still type the answer. */
export async function findLookups(text: string, category: Category, signal?: AbortSignal): Promise<LookupItem[]> {
  try {
    const items = await call('findLookup', { query: { text, category, max_results: '5' }, signal });
    return Array.isArray(items) ? items.slice(0, 5) : [];
  } catch {
    return [];
  }
}

/** GET /lookup/find by id: the record that fills the linked fields; null on failure (typed text kept). */
export async function getLookupRecord(id: string, category: Category): Promise<Record<string, string> | null> {
  try {
    const record = await call('findLookup', { query: { id, category } });
    return record && typeof record === 'object' && !Array.isArray(record) ? record : null;
  } catch {
    return null;
  }
}
