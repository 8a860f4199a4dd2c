import { findLookup } from '#domain/lookup/provider';
import { findLookupInput } from '#form/wire/lookup';
import { routeRow } from '#lambdas/route-row';
import { httpHandler } from '#middleware/access/public';
import { lookupProvider, warmLookups } from '#wiring/lookup';

/** GET /lookup/find — school, college and address autocomplete, public. */
export const handler = httpHandler(routeRow('findLookup', { access: 'public' }), findLookupInput, ({ query }) => findLookup(query, lookupProvider));

// In Lambda, build the indexes during init rather than on the first keystroke.
if (process.env.AWS_LAMBDA_FUNCTION_NAME) await warmLookups();
