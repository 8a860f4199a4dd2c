import { useSyncExternalStore } from 'react';

/** A tiny observable value; enough for the client snapshot and answers without a state library. */
export interface Store<T> {
  // Function-valued properties, not methods: none reads `this`, so they may be passed on alone
  // (useSyncExternalStore takes `store.subscribe`).
  get: () => T;
  set: (next: T | ((prev: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

/** How to put each store made so far back to its first value (resetStores). */
const resets: Array<() => void> = [];

/**
 * Puts every store back to the value it was made with, quietly (no listener is told, nothing is
 * persisted). For the web tests, whose files share one module graph (vitest.config.ts): each file
 * starts with the stores a fresh page load would have (web/src/test/setup.ts).
 */
export function resetStores(): void {
  for (const reset of resets) reset();
}

export function createStore<T>(initial: T, persist?: (value: T) => void): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  resets.push(() => {
    value = initial;
  });
  return {
    get: () => value,
    set(next) {
      const resolved = typeof next === 'function' ? (next as (p: T) => T)(value) : next;
      if (Object.is(resolved, value)) return;
      value = resolved;
      persist?.(value);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T, S = T>(store: Store<T>, select: (v: T) => S = (v) => v as unknown as S): S {
  return useSyncExternalStore(
    store.subscribe,
    () => select(store.get()),
    () => select(store.get()),
  );
}
