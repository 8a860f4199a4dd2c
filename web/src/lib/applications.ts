import { queryOptions } from '@tanstack/react-query';
import type { ApplicationsReply } from '#form/wire/responses';
import { call } from './api-client';

/**
 * The account's applications, one per cycle (issue 37), and the cycle one can be started in now:
 * one read the form (which cycle the application belongs to) and the offer to apply again share.
 */
export const ownApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: ['applications'],
    // Read defensively: a reply without the list offers nothing rather than breaking the form.
    queryFn: async ({ signal }): Promise<ApplicationsReply> => {
      const reply = await call('readOwnApplications', { signal });
      return Array.isArray(reply.applications) ? reply : { applications: [], start: null };
    },
    // Nothing to show when it cannot be read: the form stays as the timetable says, with no offer.
    meta: { inlineErrors: true },
    retry: false,
  });
