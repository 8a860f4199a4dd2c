import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router-dom';
import { isUnauthorized } from '../lib/api-client';
import { useT } from '../lib/i18n';
import { forgetSession } from '../lib/logout';
import { sessionInvalidMessage } from '../lib/messages';
import { paths } from '../lib/routes';
import { ExpiredLinkScreen, isExpiredLink } from './expired-link';

/** The form model's developer checks (configuration mistakes a developer must fix) fail with this error; only localhost runs them (loaders.ts). */
const isConfigurationError = (e: unknown): e is Error => e instanceof Error && e.name === 'ConfigurationError';

/** The root error screen shared by the auth and form branches; a lost session goes to /login instead. */
export function RootErrorScreen() {
  const t = useT();
  const error = useRouteError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (!unauthorized) return;
    forgetSession(queryClient);
    void navigate(paths.login, { replace: true, state: { errorMessage: sessionInvalidMessage() } });
  }, [unauthorized, navigate, queryClient]);
  const expired = isExpiredLink(error);
  useEffect(() => {
    if (!unauthorized && !expired) document.title = t('error.pageTitle');
  }, [unauthorized, expired, t]);
  if (unauthorized) return null;
  if (expired) return <ExpiredLinkScreen />;
  return (
    <main className="error-screen" id="main">
      <h1>{t('error.title')}</h1>
      <p>{t('error.logged')}</p>
      {isConfigurationError(error) && (
        <p role="alert">
          <strong>{t('error.configuration')}</strong> {error.message}
        </p>
      )}
    </main>
  );
}
