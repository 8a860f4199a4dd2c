import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider';

/** A data router: the browser's, or the memory router the build renders each page with. */
export type DataRouter = ReturnType<typeof createBrowserRouter>;

/** The whole app around a router: the browser's and the build's prerenderer render exactly this. */
export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
}
