import { request } from '../../../lib/api-client';

export interface LookupItem {
  text: string;
  id: string;
  sub_text?: string;
}

/** GET /lookup/find search; failures are silent: an empty list, and the applicant can still type the answer. */
export async function findLookups(text: string, category: string, signal?: AbortSignal): Promise<LookupItem[]> {
  try {
    const q = new URLSearchParams({ text, category, max_results: '5' });
    const items = await request<unknown>(`/lookup/find?${q}`, { signal });
    return Array.isArray(items) ? (items as LookupItem[]).slice(0, 5) : [];
  } catch {
    return [];
  }
}

/** GET /lookup/find by id: the record that fills the linked fields; null on failure (typed text kept). */
export async function getLookupRecord(id: string, category: string): Promise<Record<string, string> | null> {
  try {
    const q = new URLSearchParams({ id, category });
    const record = await request<unknown>(`/lookup/find?${q}`);
    return record && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, string>) : null;
  } catch {
    return null;
  }
}
