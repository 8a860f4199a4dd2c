import { queryOptions, useQuery } from '@tanstack/react-query';
import { asBanner, officeTexts } from '#form/institution';
import type { DeadlineBanner } from '#form/types';
import { call } from './api-client';
import { useHydrated } from './hydrated';

/**
 * The office's words of the applicant's pages (announcements, promises, what happens next), which
 * an admin edits in Settings without a deploy: the build embeds the file's (the prerendered page
 * shows them), and after hydration the page asks GET /public/office-texts for the current ones.
 * Until they arrive, and when the read fails, the built-in words stand; hydration itself always
 * renders the built-in ones, so it matches the prerendered page.
 */
export interface OfficeTextsNow {
  promises: string;
  submitted: string;
  nextSteps: string;
  announcements: readonly DeadlineBanner[];
}

export const officeTextsQueryOptions = () =>
  queryOptions({
    queryKey: ['office-texts'],
    queryFn: ({ signal }) => call('readOfficeTexts', { signal }),
    // The server reads them again at most once a minute: so does the page.
    staleTime: 60_000,
    // A failed read leaves the built-in words, without a message: they are still true enough to show.
    meta: { inlineErrors: true },
    retry: false,
  });

const builtIn = (): OfficeTextsNow => ({
  promises: officeTexts.promises(),
  submitted: officeTexts.submitted(),
  nextSteps: officeTexts.nextSteps(),
  announcements: officeTexts.announcements(),
});

export function useOfficeTexts(): OfficeTextsNow {
  const hydrated = useHydrated();
  const { data } = useQuery({ ...officeTextsQueryOptions(), enabled: hydrated });
  const words = builtIn();
  if (!hydrated || !data) return words;
  // Each word the server gave, over the built-in one (a reply missing one keeps it).
  return {
    promises: data.promises || words.promises,
    submitted: data.submitted || words.submitted,
    nextSteps: data.nextSteps || words.nextSteps,
    announcements: Array.isArray(data.announcements) ? data.announcements.map(asBanner) : words.announcements,
  };
}
