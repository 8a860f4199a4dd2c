import { appendWebStatus, readStatus } from '../adapters/store/status-store';
import { Conflict } from './errors';
import { deriveWebStatus, planStatusChange, statusesBeforeSubmitDone, type WebStatus } from './web-status';

/**
 * Moves the web status forward to `wanted` (idempotent when already reached). A concurrent
 * change makes the conditional append fail; the plan is then re-made from the new state.
 */
export async function advanceWebStatus(sub: string, wanted: unknown, viaSubmit = false): Promise<WebStatus | null> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = (await readStatus(sub)).web_status;
    const step = planStatusChange(current, wanted, viaSubmit);
    if (step.kind === 'already') return deriveWebStatus(current);
    if (await appendWebStatus(sub, wanted as string, step.expectedLength)) return deriveWebStatus([...current, wanted as string]);
  }
  throw new Conflict('The application status changed at the same time. Please try again.');
}

/**
 * Submit's status change: every status not yet reached (started, validating, submitted), in
 * order, in one conditional write, so a client that skipped posting them still ends submitted.
 */
export async function completeWebStatusOnSubmit(sub: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = (await readStatus(sub)).web_status;
    const missing = statusesBeforeSubmitDone(current);
    if (missing.length === 0 || (await appendWebStatus(sub, missing, current.length))) return;
  }
  throw new Conflict('The application status changed at the same time. Please try again.');
}
