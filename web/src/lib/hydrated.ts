import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while a prerendered page is rendered at build and hydrated (React reads the server
 * snapshot then), true in every render after: what depends on more than the path (navigation
 * state, storage) shows from then on without breaking hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
