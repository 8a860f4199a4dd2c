import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import { answersStore, savedAnswersStore } from '../lib/answers';
import { ApiError, call, isUnauthorized } from '../lib/api-client';
import { hasSessionCookie } from '../lib/cookies';
import { loadPart } from '../lib/i18n';
import { nextTask } from '../lib/next-task';
import { preparedLinkStore } from '../lib/prepared-link';
import { profileQueryOptions, type Profile } from '../lib/profile';
import { queryClient } from '../lib/query-client';
import { DEFAULT_FORM_ROUTE, normalisePage, paths } from '../lib/routes';
import { deriveWebStatus, snapshotStore, updateSnapshot } from '../lib/session';
import { ExpiredLinkError } from './expired-link';

/** Which profile object the "resume at the last page" redirect has already run for. */
let resumedFor: Profile | null = null;
let seededFrom: Profile | null = null;

/**
 * The profile is the source of truth once per fetch; afterwards the snapshot and the answers
 * store move on locally (status changes, edits), so later navigations must not rewind them.
 */
function syncSnapshot(profile: Profile): void {
  if (seededFrom === profile) return;
  seededFrom = profile;
  updateSnapshot({
    is_logged_in: true,
    is_service_user: false,
    username: profile.username,
    web_status: deriveWebStatus(profile.web_status),
    last_page: normalisePage(profile.last_page),
    num_logins: Math.max(1, profile.successful_login?.length ?? 1),
  });
  const answer = { ...(profile.answer ?? {}) };
  answersStore.set(answer);
  savedAnswersStore.set({ ...answer });
}

async function loadProfile(): Promise<Profile | null> {
  if (!hasSessionCookie()) {
    if (snapshotStore.get().is_logged_in) updateSnapshot({ is_logged_in: false, username: null, web_status: null });
    return null;
  }
  const profile = await queryClient.ensureQueryData(profileQueryOptions());
  syncSnapshot(profile);
  return profile;
}

let configurationChecked = false;

/**
 * Forgets which profile the loaders have seen and that the developer checks ran, as a fresh page
 * load would. For the web tests, whose files share one module graph (web/src/test/setup.ts).
 */
export function forgetLoaderRuns(): void {
  resumedFor = null;
  seededFrom = null;
  configurationChecked = false;
}
/**
 * On localhost the developer checks run once before the first form page; a problem is a
 * route error, which the root error screen names. The check (and the whole model it reads) is a
 * chunk of its own that other hosts never load.
 */
async function checkConfigurationOnLocalhost(url: URL): Promise<void> {
  if (configurationChecked || !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) return;
  const { formConfigurationChecks } = await import('#form/configuration');
  // Each check a task of its own: together they were one long task of the first page's load.
  for (const check of formConfigurationChecks()) {
    await nextTask();
    check();
  }
  configurationChecked = true;
}

export type FormLoaderData = { mode: 'service'; token: string } | { mode: 'applicant' };

/**
 * The form branch's loader: service users get the print data; applicants their profile,
 * with the redirect rules: submitted → /completion; first load → the stored last page.
 */
export async function formLoader({ request }: LoaderFunctionArgs): Promise<FormLoaderData | Response> {
  const url = new URL(request.url);
  await checkConfigurationOnLocalhost(url);
  const serviceToken = url.searchParams.get('service_token');
  if (serviceToken) {
    // Not awaited here: the print layout's root shows at once (data-print-ready="false"), so the
    // PDF renderer can tell "still loading" from "no such view" while the data arrives.
    updateSnapshot({ is_service_user: true });
    return { mode: 'service', token: serviceToken };
  }
  const token = url.searchParams.get('token');
  if (token && !hasSessionCookie()) {
    const tmp = await queryClient
      .ensureQueryData({
        queryKey: ['tmp', token],
        meta: { inlineErrors: true },
        queryFn: () => call('readTemporaryAnswers', { query: { token } }),
      })
      .catch((error: unknown) => {
        // Unknown or expired (404), or not a token at all (400): the link is old, not the app broken.
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) throw new ExpiredLinkError();
        throw error;
      });
    const answer = (tmp.answer ?? tmp) as Record<string, unknown>;
    const strings = Object.fromEntries(Object.entries(answer).filter(([, v]) => typeof v === 'string')) as Record<string, string>;
    if (Object.keys(answersStore.get()).length === 0) answersStore.set(strings);
    preparedLinkStore.set(true);
  }
  const profile = await loadProfile();
  if (profile) {
    const status = snapshotStore.get().web_status;
    if (status === 'submitted') return redirect(paths.completion);
    if (resumedFor !== profile) {
      resumedFor = profile;
      const last = normalisePage(profile.last_page);
      // The review page is asked for by name (a bookmark, the last page's suggestion): not resumed away from.
      if (last && last !== url.pathname && url.pathname !== paths.review) return redirect(last + url.search);
    }
  }
  return { mode: 'applicant' };
}

/**
 * The auth branch: a submitted student anywhere other than /completion goes there. The
 * sign-in screens must stay reachable whatever happens: if the profile cannot be read (beyond a
 * lost session, which the API client handles), the card is shown rather than the error screen.
 */
export async function authLoader(): Promise<Response | null> {
  let profile: Profile | null;
  try {
    profile = await loadProfile();
  } catch (error) {
    if (isUnauthorized(error)) throw error;
    return null;
  }
  if (profile && snapshotStore.get().web_status === 'submitted') return redirect(paths.completion);
  return null;
}

/** /completion: only for a submitted application; anyone else goes to the form. Its words (status, recommendations) load meanwhile. */
export async function completionLoader(): Promise<Response | null> {
  const [profile] = await Promise.all([loadProfile(), loadPart('status', 'recommend')]);
  if (!profile || deriveWebStatus(profile.web_status) !== 'submitted') return redirect(DEFAULT_FORM_ROUTE);
  return null;
}

/**
 * A signed-in page outside the form (closing the account, the messages): the profile first, so the
 * page knows whether the application was submitted; the status pages' words meanwhile.
 */
export async function accountLoader(): Promise<Response | null> {
  const [profile] = await Promise.all([loadProfile(), loadPart('status')]);
  return profile ? null : redirect(paths.login);
}

/** Unknown paths go to the default form route, keeping the query string. */
export function unknownPathLoader({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  return redirect(DEFAULT_FORM_ROUTE + url.search);
}
