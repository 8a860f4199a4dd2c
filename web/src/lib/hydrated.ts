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
 * their client values are told from the next task on, each reader in a task of its own: React
 * re-renders a store's reader at sync priority, with its effects (the office's words' request, the
 * deadline banners on the browser's clock), so together they were one long task again.
 */
export function endHydration(): void {
  if (!hydrating) return;
  void (async () => {
    await nextTask();
    hydrating = false;
    for (const listener of [...listeners]) {
      // A reader gone meanwhile (its page left) is not told.
      if (listeners.has(listener)) listener();
      await nextTask();
    }
  })();
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
