import { useSyncExternalStore } from 'react';
import { nextTask } from './next-task';

/**
 * Whether React is hydrating a prerendered page: from app/mount.tsx's hydrateRoot until the task
 * after the first commit (app/app.tsx). Never on the server (the prerender reads the hooks' server
 * snapshots), nor in a fresh render (the shell, the web tests).
 */
let hydrating = false;
const listeners = new Set<() => void>();

export const isHydrating = (): boolean => hydrating;

/** For useSyncExternalStore: told once, when hydration is over. */
export function subscribeToHydration(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function startHydration(): void {
  hydrating = true;
}

/**
 * Hydration's commit is done (called from its passive effects). The hooks below read the same
 * values as the HTML until now, so React found nothing to render again at sync priority inside
 * the hydration's effects task (150–480 ms at 4× CPU before, with the effects: issue 41 item 6);
 * their client values are told in the next task, a re-render of only the components that read them.
 */
export function endHydration(): void {
  if (!hydrating) return;
  void nextTask().then(() => {
    hydrating = false;
    for (const listener of [...listeners]) listener();
  });
}

/**
 * False while a prerendered page is rendered at build and hydrated, true in every render after:
 * what depends on more than the path (navigation state, storage) shows from then on without
 * breaking hydration.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToHydration,
    () => !hydrating,
    () => false,
  );
}
