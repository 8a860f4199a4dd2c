import { findLookup } from '../domain/lookup/provider';
import { parseFindQuery } from '../domain/lookup/query';
import { lookupProvider } from '../adapters/lookup/providers';
import { httpHandler } from '../middleware/http';

/** GET /lookup/find — school, college and address autocomplete (000 §7), public. */
export const handler = httpHandler({ name: 'lookupFind', access: 'public', query: parseFindQuery }, ({ query }) => findLookup(query, lookupProvider));
