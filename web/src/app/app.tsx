import { StrictMode, useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { setFirstRenderDate } from '../lib/render-date';

/** A data router: the browser's, or the memory router the build renders each page with. */
export type DataRouter = ReturnType<typeof createBrowserRouter>;

/** After the first commit (hydration included), pages mounted later render with the real date. */
function FirstRenderDone() {
  useEffect(() => setFirstRenderDate(null), []);
  return null;
}

/** The whole app around a router: the browser's and the build's prerenderer render exactly this. */
export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
        <FirstRenderDone />
      </AppProvider>
    </StrictMode>
  );
}
