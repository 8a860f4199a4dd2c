import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate, useRouteError } from 'react-router-dom';
import { isUnauthorized } from '../lib/api-client';
import { forgetSession } from '../lib/logout';
import { SESSION_INVALID_MESSAGE } from '../lib/messages';
import { paths } from '../lib/routes';
import { ExpiredLinkScreen, isExpiredLink } from './expired-link';

/** The form model's developer checks (configuration mistakes a developer must fix) fail with this error; only localhost runs them (loaders.ts). */
const isConfigurationError = (e: unknown): e is Error => e instanceof Error && e.name === 'ConfigurationError';

/** The root error screen shared by the auth and form branches; a lost session goes to /login instead. */
export function RootErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const unauthorized = isUnauthorized(error);
  useEffect(() => {
    if (!unauthorized) return;
    forgetSession(queryClient);
    void navigate(paths.login, { replace: true, state: { errorMessage: SESSION_INVALID_MESSAGE } });
  }, [unauthorized, navigate, queryClient]);
  const expired = isExpiredLink(error);
  useEffect(() => {
    if (!unauthorized && !expired) document.title = 'Error: Something went wrong';
  }, [unauthorized, expired]);
  if (unauthorized) return null;
  if (expired) return <ExpiredLinkScreen />;
  return (
    <main className="error-screen" id="main">
      <h1>Something went wrong.</h1>
      <p>The issue that caused you to see this has been logged. We will get it fixed as soon as possible.</p>
      {isConfigurationError(error) && (
        <p role="alert">
          <strong>Configuration problem:</strong> {error.message}
        </p>
      )}
    </main>
  );
}
