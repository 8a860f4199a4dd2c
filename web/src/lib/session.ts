import { deriveWebStatus as fromList, type WebStatus as ReachedStatus } from '#form/contract';
import { hasSessionCookie } from './cookies';
import { createStore, useStore } from './store';

export type WebStatus = ReachedStatus | null;

/** The client snapshot (status, last page and the like), held for the browser session (sessionStorage). */
export interface Snapshot {
  web_status: WebStatus;
  last_page: string | null;
  is_logged_in: boolean;
  username: string | null;
  is_service_user: boolean;
  num_logins: number;
  has_changed_page: boolean;
}

const KEY = 'snapshot';

export const emptySnapshot = (): Snapshot => ({
  web_status: null,
  last_page: null,
  is_logged_in: false,
  username: null,
  is_service_user: false,
  num_logins: 1,
  has_changed_page: false,
});

function load(): Snapshot {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (raw) return { ...emptySnapshot(), ...(JSON.parse(raw) as Partial<Snapshot>), is_logged_in: hasSessionCookie() };
  } catch {
    // Storage can be unavailable (private mode); the snapshot then lives in memory only.
  }
  return { ...emptySnapshot(), is_logged_in: hasSessionCookie() };
}

export const snapshotStore = createStore<Snapshot>(load(), (value) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // See load(): memory only.
  }
});

export const updateSnapshot = (patch: Partial<Snapshot>) => snapshotStore.set((s) => ({ ...s, ...patch }));
export const resetSnapshot = () => snapshotStore.set({ ...emptySnapshot(), is_logged_in: hasSessionCookie() });

export function useSnapshot(): Snapshot;
export function useSnapshot<S>(select: (s: Snapshot) => S): S;
export function useSnapshot<S>(select?: (s: Snapshot) => S): S | Snapshot {
  return useStore<Snapshot, S | Snapshot>(snapshotStore, select ?? ((s: Snapshot) => s));
}

/** Status from the count of distinct known web_status entries (0 none … 3 submitted). */
export function deriveWebStatus(entries: ReadonlyArray<{ web_status?: unknown }> | undefined): WebStatus {
  return fromList((entries ?? []).map((e) => e?.web_status));
}
