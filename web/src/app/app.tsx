import { StrictMode, useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';

/** A data router: the browser's, or the memory router the build renders each page with. */
export type DataRouter = ReturnType<typeof createBrowserRouter>;

/** Tells boot.ts that the app now handles the page's forms (it held their submits until now). */
function Mounted() {
  useEffect(() => void document.dispatchEvent(new Event('app-mounted')), []);
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
