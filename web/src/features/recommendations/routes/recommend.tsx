import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { institution } from '#form/institution';
import type { RecommenderView } from '#form/wire/recommendations';
import { Spinner } from '#web/components/Spinner';
import { ApiError } from '#web/lib/api-client';
import { dayInWords } from '#web/lib/day-in-words';
import { useHydrated } from '#web/lib/hydrated';
import { queryClient } from '#web/lib/query-client';
import { useDocumentTitle } from '#web/lib/title';
import { readRecommendationRequest } from '../api/recommender-api';
import { DeclineForm } from '../components/DeclineForm';
import { LetterForm } from '../components/LetterForm';
import { waiverInWords } from '../words';

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
 * it; the page shows its own loading state. No token (the build's render, a truncated link):
 * nothing to ask, the page says the link no longer works.
 */
export function loader({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  const token = new URL(request.url).searchParams.get('token');
  if (token) void queryClient.prefetchQuery(requestQuery(token));
  return null;
}

type Outcome = 'submitted' | 'declined';

/** Under the heading "This link no longer works": what to do, then why links stop (the heading says the rest). */
const deadLinkText =
  'Ask the applicant to send you a new one. Links stop working when they expire, when the applicant cancels the request, when you decline it, and a day after a letter is submitted.';

function Done({ outcome, view }: { outcome: Outcome; view: RecommenderView }) {
  const name = `${view.applicant.first_name} ${view.applicant.last_name}`;
  return outcome === 'submitted' ? (
    <>
      <p>
        {view.institution} has received your letter for {name}. We have told {view.applicant.first_name} that it arrived; they cannot read it here.
      </p>
      <p>You can close this page.</p>
    </>
  ) : (
    <p>We have told {name} that you will not write a letter, so they can ask someone else. This link no longer works. You can close this page.</p>
  );
}

function Request({ view, token, onDone }: { view: RecommenderView; token: string; onDone: (outcome: Outcome) => void }) {
  const { applicant } = view;
  const name = `${applicant.first_name} ${applicant.last_name}`;
  return (
    <>
      <p>
        {name} has applied to {view.institution} and asks you to write a letter of recommendation as their{' '}
        {view.role === 'counselor' ? 'school counselor' : 'teacher'}.
      </p>
      <dl className="recommend__facts">
        <div>
          <dt>Applicant</dt>
          <dd>{name}</dd>
        </div>
        {applicant.school && (
          <div>
            <dt>School</dt>
            <dd>{applicant.school}</dd>
          </div>
        )}
        <div>
          <dt>You write as</dt>
          <dd>{view.role === 'counselor' ? 'Their school counselor' : 'Their teacher'}</dd>
        </div>
        <div>
          <dt>Right to read the letter</dt>
          <dd>{waiverInWords(view.waiver)}</dd>
        </div>
        <div>
          <dt>This link works until</dt>
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
const INTRO =
  `${institution.name} asks the teachers and school counselors that applicants name to write letters of recommendation. ` +
  'The link in the e-mail you were sent opens one request: here you see whom it is for, upload your letter with a few details about how you know the applicant, ' +
  `or decline so they can ask someone else. You need no account; a link works for ${institution.recommendations.linkDays} days.`;

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
  if (!hydrated || (token && !data && !error)) return { body: <Spinner size="m" label="Loading the request" showLabel /> };
  if (!token || isDeadLink(error)) return { title: 'This link no longer works', body: <p>{deadLinkText}</p>, intro: false };
  if (error || !data) return { body: <p role="alert">We could not load this request. Please reload the page to try again.</p> };
  const done = outcome ?? (data.status === 'submitted' ? 'submitted' : null);
  if (done === 'submitted') return { title: 'Thank you: your letter has been submitted', body: <Done outcome={done} view={data} />, intro: false };
  if (done === 'declined') return { title: 'You have declined this request', body: <Done outcome={done} view={data} />, intro: false };
  return { title: `For ${data.applicant.first_name} ${data.applicant.last_name}`, body: <Request view={data} token={token} onDone={onDone} /> };
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
      <h1>Letter of recommendation</h1>
      {intro !== false && <p className="recommend__intro">{INTRO}</p>}
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
