/**
 * A value read again once it is older than its time to live: what keeps the office's words
 * (Settings) in a Lambda between invocations, so an edit reaches applicants within that time
 * without a read of the table on every request. Concurrent callers share one read; a failed read
 * is not kept (the next call reads again) and fails its callers rather than answer with words
 * that may be out of date without saying so.
 */
export interface ExpiringValue<T> {
  get(): Promise<T>;
}

export function expiringValue<T>(load: () => Promise<T>, ttlMs: () => number, now: () => number = Date.now): ExpiringValue<T> {
  let held: { value: Promise<T>; at: number } | undefined;
  return {
    get() {
      const t = now();
      if (held && t - held.at < ttlMs()) return held.value;
      const value = load();
      const entry = { value, at: t };
      held = entry;
      value.catch(() => {
        if (held === entry) held = undefined;
      });
      return value;
    },
  };
}
