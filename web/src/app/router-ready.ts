import type { DataRouter } from './app';

/** Resolves once the first route's chunks and loaders are in: the render that the build made (and the browser hydrates). */
export const routerInitialized = (router: DataRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
