/**
 * Scheduled releases in the local stack: what EventBridge Scheduler does in AWS. A release
 * scheduled through the route arms a timer here; at its time the release Lambda's handler
 * (lambdas/events/release-decisions.ts) runs in this process (it sends its mails to the dev
 * outbox, which lives here), retried as Scheduler retries a failed run. The releases still
 * pending when the stack starts (stored in the status table) are armed again, so a restart
 * misses none: one whose time has passed runs at once.
 */
import { listPending } from '#adapters/store/releases-store';
import { runScheduledRelease } from '#events/release-decisions';
import { installStandIns } from '#wiring/stand-ins';
import { LOCAL_RETRY_DELAYS_MS, withRetries } from './retries';

/** setTimeout's longest delay (about 24.8 days); a later release re-arms on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function startReleaseSchedule(onError: (error: unknown) => void, retryDelaysMs: readonly number[] = LOCAL_RETRY_DELAYS_MS): { stop(): void } {
  const timers = new Map<string, NodeJS.Timeout>();
  let stopped = false;
  const disarm = (id: string) => {
    clearTimeout(timers.get(id));
    timers.delete(id);
  };
  const arm = (id: string, at: string) => {
    disarm(id);
    if (stopped) return;
    const wait = Math.max(0, Date.parse(at) - Date.now());
    const timer = setTimeout(
      () => {
        timers.delete(id);
        if (wait > MAX_TIMER_MS) return arm(id, at);
        void withRetries(() => runScheduledRelease({ release_id: id }), retryDelaysMs).catch(onError);
      },
      Math.min(wait, MAX_TIMER_MS),
    );
    timer.unref();
    timers.set(id, timer);
  };
  installStandIns({
    releaseScheduler: {
      schedule: (id, at) => Promise.resolve(arm(id, at)),
      unschedule: (id) => Promise.resolve(disarm(id)),
    },
  });
  void listPending()
    .then((pending) => {
      for (const release of pending) if (!timers.has(release.id)) arm(release.id, release.at);
    })
    .catch(onError);
  return {
    stop: () => {
      stopped = true;
      installStandIns({ releaseScheduler: undefined });
      for (const id of [...timers.keys()]) disarm(id);
    },
  };
}
