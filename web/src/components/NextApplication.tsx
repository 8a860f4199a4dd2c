import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call } from '#web/lib/api-client';
import { ownApplicationsQueryOptions } from '#web/lib/applications';
import { useInstitutionText, useT } from '#web/lib/i18n';
import { paths } from '#web/lib/routes';
import { useSnapshot } from '#web/lib/session';
import { ErrorSummary } from './ErrorSummary';

/**
 * "Start your <cycle> application": once a new cycle opens, the status page of last cycle's
 * application (shown as it is, with its decision and reply), or its pages once closed if it was
 * never submitted, offer this year's. The new one starts
 * with what does not change; the button is a real button, a refusal is told in the error summary,
 * and the app opens the new application's first page, whose heading takes focus (root-layout.tsx).
 */
export function NextApplication() {
  const t = useT();
  const loggedIn = useSnapshot((s) => s.is_logged_in && !s.is_service_user);
  const { data } = useQuery({ ...ownApplicationsQueryOptions(), enabled: loggedIn });
  const queryClient = useQueryClient();
  const it = useInstitutionText();
  const navigate = useNavigate();
  const headingId = useId();
  const [attempt, setAttempt] = useState(0);
  const start = useMutation({
    mutationFn: () => call('startNextApplication'),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      // Every read was of last cycle's application: the new one is read afresh.
      queryClient.clear();
      await navigate(paths.about);
    },
  });
  if (!data?.start) return null;
  // The cycles' labels as the server sends them (the institution's words), in the page's language where the file gives them.
  const label = it(data.start.label);
  const active = data.applications.find((a) => a.active)?.label;
  const earlier = active === undefined ? undefined : it(active);
  return (
    <section className="next-application" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('status.nextApplication.title', { label })}</h2>
      {/* The summary takes focus when a refusal arrives (its attempt changes then, not on the click). */}
      <ErrorSummary
        items={start.error ? [{ message: start.error.message }] : []}
        attempt={start.isError ? attempt : 0}
        prefix="next-application"
        headingLevel={3}
      />
      <p>
        {t('status.nextApplication.open', { label })}
        {earlier ? ` ${t('status.nextApplication.earlierStays', { earlier })}` : ''} {t('status.nextApplication.carried')}
      </p>
      <p>
        <button
          type="button"
          className="button button--primary"
          disabled={start.isPending}
          onClick={() => {
            setAttempt((n) => n + 1);
            start.mutate();
          }}
        >
          {t('status.nextApplication.start', { label })}
        </button>
      </p>
    </section>
  );
}
