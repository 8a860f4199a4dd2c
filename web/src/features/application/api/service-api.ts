import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, isUnauthorized } from '#web/lib/api-client';

/** GET /service/tmp-pdf: everything the print layout shows, read with the service token. */
export const serviceDataQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['service-data', token],
    queryFn: () => call('readServiceView', { query: { service_token: token } }),
    // The print view has no reader for a toast: a failure is the root error screen, which the
    // PDF renderer tells from a ready page.
    throwOnError: (error) => !isUnauthorized(error),
    meta: { inlineErrors: true },
  });

export const useServiceData = (token: string) => useQuery(serviceDataQueryOptions(token));
