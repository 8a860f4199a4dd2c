import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import { setUnauthorizedHandler } from './lib/api-client';
import { forgetSession } from './lib/logout';
import { queryClient } from './lib/query-client';
import { SESSION_INVALID_MESSAGE } from './lib/messages';
import { paths } from './lib/routes';
import './styles.css';

const router = createRouter();

// A 401 means the session is lost: the cache is cleared and the applicant goes to /login with the session message.
setUnauthorizedHandler(() => {
  forgetSession(queryClient);
  void router.navigate(paths.login, { replace: true, state: { errorMessage: SESSION_INVALID_MESSAGE } });
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
