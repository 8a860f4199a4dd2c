import type { FindQuery } from '#form/wire/lookup';
import type { Category } from '#form/wire/lookup';
import { NotFound } from '../errors';
import { toAnswerFields, type AnswerFields, type LookupRecord, type Suggestion } from './records';

/**
 * Where one category's suggestions and records come from: the institution's dataset (schools,
 * colleges, local addresses) or a places service (addresses in AWS). Adapters implement it.
 */
export interface LookupProvider {
  search(text: string, maxResults: number): Promise<Suggestion[]>;
  record(id: string): Promise<LookupRecord | undefined>;
}

/** The one domain call behind GET /lookup/find. */
export async function findLookup(query: FindQuery, providerFor: (category: Category) => LookupProvider): Promise<Suggestion[] | AnswerFields> {
  const provider = providerFor(query.category);
  if (query.kind === 'search') {
    if (query.text.trim() === '') return [];
    return provider.search(query.text, query.maxResults);
  }
  const record = await provider.record(query.id);
  if (!record) throw new NotFound(`No ${query.category} record has this id.`);
  return toAnswerFields(record, query.category);
}
