import { StrictMode, useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { APP_MOUNTED } from '../app-events';
import { endHydration } from '../lib/hydrated';
import { AppProvider } from './provider';

/** A data router: the browser's, or the memory router the build renders each page with. */
export type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * Tells boot.ts that the app now handles the page's forms (it held their submits until now), and
 * lib/hydrated.ts that a prerendered page's hydration is committed: the last of the first
 * commit's effects (the tree's others run before a later sibling's).
 */
function Mounted() {
  useEffect(() => {
    endHydration();
    document.dispatchEvent(new Event(APP_MOUNTED));
  }, []);
  return null;
}

/** The whole app around a router: the browser's and the build's prerenderer render exactly this. */
export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
        <Mounted />
      </AppProvider>
    </StrictMode>
  );
}
