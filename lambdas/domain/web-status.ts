/**
 * The applicant's web status: the list of distinct statuses reached, in order.
 * 0 entries none, 1 started, 2 validating, 3 submitted. It only moves forward, one step at a time.
 */
import { deriveWebStatus, isWebStatus, WEB_STATUSES, type WebStatus } from '#form/contract';
import { Conflict, Invalid } from './errors';

export { deriveWebStatus, isWebStatus, WEB_STATUSES, type WebStatus };

export type StatusStep = { kind: 'append'; expectedLength: number } | { kind: 'already' };

/**
 * What posting `wanted` means given the current list: append it (the next step), nothing (already
 * reached), or a conflict (skipping a step). `submitted` is reached only through POST /api/submit.
 */
export function planStatusChange(current: readonly string[], wanted: unknown, viaSubmit = false): StatusStep {
  if (!isWebStatus(wanted)) {
    throw new Invalid(`web_status must be one of: ${WEB_STATUSES.join(', ')}.`, {
      web_status: [`web_status must be one of: ${WEB_STATUSES.join(', ')}.`],
    });
  }
  const reached = new Set(current).size;
  const index = WEB_STATUSES.indexOf(wanted);
  if (index < reached) return { kind: 'already' };
  if (wanted === 'submitted' && !viaSubmit) throw new Conflict('The application is submitted with the Submit button.');
  if (index > reached) throw new Conflict(`The application must be ${WEB_STATUSES[reached]} before it can be ${wanted}.`);
  return { kind: 'append', expectedLength: current.length };
}

/** The statuses still to reach, in order, for a submit: every one not yet in the list. */
export function statusesBeforeSubmitDone(current: readonly string[]): WebStatus[] {
  return WEB_STATUSES.slice(new Set(current).size);
}
