import { Conflict } from './errors';
import type { WebStatusStore } from './ports/status';
import { deriveWebStatus, planStatusChange, statusesBeforeSubmitDone, type WebStatus } from './web-status';

/**
 * Runs `attempt` on the current status list until it settles (returns a value): a concurrent
 * change makes its conditional append fail, and it is then re-planned from the new state.
 */
async function onCurrentStatus<T>(store: WebStatusStore, sub: string, attempt: (current: string[]) => Promise<T | undefined>): Promise<T> {
  for (let tries = 0; tries < 3; tries++) {
    const settled = await attempt((await store.readStatus(sub)).web_status);
    if (settled !== undefined) return settled;
  }
  throw new Conflict('The application status changed at the same time. Please try again.');
}

/** Moves the web status forward to `wanted` (idempotent when already reached). */
export function advanceWebStatus(store: WebStatusStore, sub: string, wanted: unknown, viaSubmit = false): Promise<WebStatus | null> {
  return onCurrentStatus(store, sub, async (current) => {
    const step = planStatusChange(current, wanted, viaSubmit);
    if (step.kind === 'already') return deriveWebStatus(current);
    return (await store.appendWebStatus(sub, wanted as string, step.expectedLength)) ? deriveWebStatus([...current, wanted]) : undefined;
  });
}

/**
 * Submit's status change: every status not yet reached (started, validating, submitted), in
 * order, in one conditional write, so a client that skipped posting them still ends submitted.
 */
export async function completeWebStatusOnSubmit(store: WebStatusStore, sub: string): Promise<void> {
  await onCurrentStatus(store, sub, async (current) => {
    const missing = statusesBeforeSubmitDone(current);
    return missing.length === 0 || (await store.appendWebStatus(sub, missing, current.length)) ? true : undefined;
  });
}
