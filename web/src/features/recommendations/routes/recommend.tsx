import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { institution } from '#form/institution';
import type { RecommenderView } from '#form/wire/recommendations';
import { Spinner } from '#web/components/Spinner';
import { ApiError } from '#web/lib/api-client';
import { dayInWords } from '#web/lib/dates';
import { useHydrated } from '#web/lib/hydrated';
import { loadPart, translate, useT } from '#web/lib/i18n';
import { institutionNames, Sentence } from '#web/lib/institution-words';
import { queryClient } from '#web/lib/query-client';
import { useDocumentTitle } from '#web/lib/title';
import { readRecommendationRequest } from '../api/recommender-api';
import { DeclineForm } from '../components/DeclineForm';
import { LetterForm } from '../components/LetterForm';

/** A link the server does not know (unknown, expired, cancelled, declined) and a malformed one read alike. */
const isDeadLink = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

const requestQuery = (token: string) => ({
  queryKey: ['recommendation-request', token],
  queryFn: ({ signal }: { signal: AbortSignal }) => readRecommendationRequest(token, signal),
  // This page says itself what went wrong.
  meta: { inlineErrors: true },
  // A link the loader found dead is not asked about again when the page mounts.
  retryOnMount: false,
});

/**
 * Starts the link's request as the router loads this page, before React's renderer runs and
 * renders it (as main.tsx starts the profile's): the page finds it in flight. Nothing waits for
 * it; the page shows its own loading state (only its words are awaited). No token (the build's render, a truncated link):
 * nothing to ask, the page says the link no longer works.
 */
export async function loader({ request }: Pick<LoaderFunctionArgs, 'request'>): Promise<null> {
  const token = new URL(request.url).searchParams.get('token');
  if (token) void queryClient.prefetchQuery(requestQuery(token));
  // The page's words (the catalog's recommend part), before it renders or hydrates.
  await loadPart('recommend');
  return null;
}

type Outcome = 'submitted' | 'declined';

function Done({ outcome, view }: { outcome: Outcome; view: RecommenderView }) {
  const t = useT();
  const name = `${view.applicant.first_name} ${view.applicant.last_name}`;
  return outcome === 'submitted' ? (
    <>
      <p>{t('recommend.done.received', { institution: view.institution, name, firstName: view.applicant.first_name })}</p>
      <p>{t('recommend.done.close')}</p>
    </>
  ) : (
    <p>{t('recommend.done.declined', { name })}</p>
  );
}

function Request({ view, token, onDone }: { view: RecommenderView; token: string; onDone: (outcome: Outcome) => void }) {
  const t = useT();
  const { applicant } = view;
  const name = `${applicant.first_name} ${applicant.last_name}`;
  return (
    <>
      <p>{t(`recommend.request.asks.${view.role}`, { name, institution: view.institution })}</p>
      <dl className="recommend__facts">
        <div>
          <dt>{t('recommend.request.applicant')}</dt>
          <dd>{name}</dd>
        </div>
        {applicant.school && (
          <div>
            <dt>{t('recommend.request.school')}</dt>
            <dd>{applicant.school}</dd>
          </div>
        )}
        <div>
          <dt>{t('recommend.request.writeAs')}</dt>
          <dd>{t(`recommend.request.as.${view.role}`)}</dd>
        </div>
        <div>
          <dt>{t('recommend.request.waiver')}</dt>
          <dd>{t(`recommend.waiver.${view.waiver || 'unknown'}`)}</dd>
        </div>
        <div>
          <dt>{t('recommend.request.until')}</dt>
          <dd>{dayInWords(view.expires_at)}</dd>
        </div>
      </dl>
      <LetterForm token={token} onSubmitted={() => onDone('submitted')} />
      <DeclineForm token={token} onDeclined={() => onDone('declined')} />
    </>
  );
}

/**
 * What the page is for, from the institution's configuration: the same in every state and in the
 * prerendered HTML, under the page's one h1. It is the largest text of the first paint, so what
 * arrives later (whom the letter is for, or word that the link no longer works) is smaller than
 * it and the page's largest content is painted before any script runs.
 */
const introText = () => translate('recommend.intro', { institution: institutionNames().name, days: institution.recommendations.linkDays });

/**
 * What follows the page's heading in each state: its own heading (none while loading) and body,
 * and whether the introduction stays (not on a dead link, nor once the request is answered: the
 * upload it introduces is gone).
 */
function stateContent(state: {
  hydrated: boolean;
  token: string;
  data?: RecommenderView;
  error: unknown;
  outcome: Outcome | null;
  onDone: (o: Outcome) => void;
}): { title?: string; body: ReactNode; intro?: false } {
  const { hydrated, token, data, error, outcome, onDone } = state;
  const t = translate;
  if (!hydrated || (token && !data && !error)) return { body: <Spinner size="m" label={t('recommend.loading')} showLabel /> };
  // Under the heading "This link no longer works": what to do, then why links stop (the heading says the rest).
  if (!token || isDeadLink(error)) return { title: t('recommend.dead.title'), body: <p>{t('recommend.dead.text')}</p>, intro: false };
  if (error || !data) return { body: <p role="alert">{t('recommend.loadFailed')}</p> };
  const done = outcome ?? (data.status === 'submitted' ? 'submitted' : null);
  if (done === 'submitted') return { title: t('recommend.done.submittedTitle'), body: <Done outcome={done} view={data} />, intro: false };
  if (done === 'declined') return { title: t('recommend.done.declinedTitle'), body: <Done outcome={done} view={data} />, intro: false };
  return {
    title: t('recommend.request.for', { name: `${data.applicant.first_name} ${data.applicant.last_name}` }),
    body: <Request view={data} token={token} onDone={onDone} />,
  };
}

/**
 * The recommender's page: no account, the link's token is the credential. Whom the letter is for,
 * the letter's upload and details, Submit or Decline, and a confirmation; a link that no longer
 * works says so and what to do. Its prerendered HTML is the heading, the introduction and the
 * loading state (the token is in the query). The heading and the introduction are the same while
 * loading and on the request, so nothing above what changes moves and hydration keeps them; a dead
 * link and an answered request drop the introduction. Each state has a heading of its own below.
 */
export function RecommendPage() {
  // The page's words follow the language: stateContent reads the catalog as the page renders.
  const t = useT();
  useDocumentTitle();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { data, error } = useQuery({ ...requestQuery(token), enabled: hydrated && token !== '' });
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Submitting or declining replaces the form the keyboard was in: focus goes to the heading that says what happened.
  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);
  const { title, body, intro } = stateContent({ hydrated, token, data, error, outcome, onDone: setOutcome });
  return (
    <div className="recommend">
      <h1>{t('recommend.title')}</h1>
      {intro !== false && (
        <p className="recommend__intro">
          <Sentence text={introText()} />
        </p>
      )}
      {title && (
        <h2 ref={heading} tabIndex={-1}>
          {title}
        </h2>
      )}
      {body}
    </div>
  );
}

export const Component = RecommendPage;
