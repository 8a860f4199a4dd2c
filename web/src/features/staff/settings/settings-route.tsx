import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { redirect, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { isOfficeWordSection, OFFICE_WORD_SECTIONS } from '#form/office-words';
import { queryClient } from '#web/lib/query-client';
import { sessionQuery, settingHistoryQuery, settingsQuery, staffRead } from '../api/queries';

/*
 * The screen is a chunk of its own behind this route (the route table is in every applicant's
 * first load and lists each route module's static imports): the route stays a thin loader.
 */
const load = () => import('./SettingsScreen');
const SettingsScreen = lazy(load);

/** An admin's (the server refuses the others with a 403 in words): the words now and the section's history load with the screen. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const section = params.section;
  if (!isOfficeWordSection(section)) return redirect(`/staff/settings/${OFFICE_WORD_SECTIONS[0]}`);
  return staffRead(request, async () => {
    await Promise.all([
      load(),
      queryClient.fetchQuery(sessionQuery()),
      queryClient.fetchQuery(settingsQuery()),
      queryClient.fetchQuery(settingHistoryQuery(section)),
    ]);
    return null;
  });
}

export function Component() {
  const { section } = useParams();
  const valid = isOfficeWordSection(section) ? section : OFFICE_WORD_SECTIONS[0];
  const { data: settings } = useQuery(settingsQuery());
  const { data: history } = useQuery(settingHistoryQuery(valid));
  return (
    <Suspense>
      {/* The key starts a fresh form for each section (and after a section's words change under it). */}
      <SettingsScreen key={valid} section={valid} settings={settings} history={history} />
    </Suspense>
  );
}
