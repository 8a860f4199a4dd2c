/**
 * The application-PDF job: invoked asynchronously with `{sub}` (on submit and when GET /api/pdf
 * finds the PDF missing or older than the answers). It mints a short-lived service token,
 * prints the service view (or the form-model fallback), appends every converted document,
 * stamps "Page n of N" and stores the file. One job per applicant at a time; a failed job
 * records FAILED with the applicant-facing message and then throws, so the asynchronous
 * invocation's own retries (two, a minute or two apart) try again and an event that fails every
 * time is parked in the dead-letter queue, whose alarm tells an operator (lib/renderer.ts;
 * locally local/dead-letters.ts). Nothing else re-renders a failed PDF on its own: the
 * applicant's "Try again" asks once, and GET /api/pdf lets that through every few minutes at most.
 * The job itself (claim, deadline, withdrawal when the account is closed meanwhile) is the
 * use-case in domain/documents/render-job.ts, with its ports from lambdas/wiring/render.ts.
 * Printing is passed in (renderDependencies) so fault tests can hang it.
 */
import type { Context } from 'aws-lambda';
import { log, withLogContext } from '#adapters/log';
import type { LetterRenderEvent } from '#adapters/renderer/request';
import { RENDER_DEADLINE_MS, renderApplicationPdf as runRenderJob, type RenderOutcome } from '#domain/documents/render-job';
import { renderDependencies, renderPorts, type RenderDependencies } from '#wiring/render';
import { printLetterOrThrow } from './print-decision-letter';

export { RENDER_DEADLINE_MS, RenderTimedOut, type RenderOutcome } from '#domain/documents/render-job';

export interface RenderEvent {
  sub: string;
}

/** One run of the job (domain/documents/render-job.ts) with the adapters. */
export function renderApplicationPdf(sub: string, deps: RenderDependencies = renderDependencies): Promise<RenderOutcome> {
  return runRenderJob(renderPorts(deps), sub);
}

export class RenderFailed extends Error {
  constructor(sub: string, timedOut: boolean) {
    super(`application PDF for ${sub} failed${timedOut ? ' (timed out)' : ''}`);
    this.name = 'RenderFailed';
  }
}

/** The job as the event runtimes run it: a failure is recorded, then thrown for their retries. */
export async function renderOrThrow(sub: string, deps: RenderDependencies = renderDependencies): Promise<RenderOutcome> {
  const outcome = await renderApplicationPdf(sub, deps);
  if (outcome.status === 'FAILED') throw new RenderFailed(sub, outcome.timedOut);
  return outcome;
}

/** Time the job keeps for recording its outcome after the deadline, before Lambda stops it. */
const RECORDING_MARGIN_MS = 15_000;

async function handle(event: RenderEvent | LetterRenderEvent, context?: Context): Promise<RenderOutcome | { status: 'LETTER'; outcome: string }> {
  // The same renderer prints a released decision's letter.
  if (event && 'kind' in event && event.kind === 'decision-letter' && typeof event.sub === 'string' && /^[A-Za-z0-9-]{1,128}$/.test(event.sub)) {
    return { status: 'LETTER', outcome: await printLetterOrThrow(event.sub) };
  }
  if (!event || typeof event.sub !== 'string' || !/^[A-Za-z0-9-]{1,128}$/.test(event.sub)) {
    log.warn('render event without a valid sub ignored');
    return { status: 'FAILED', timedOut: false };
  }
  const remaining = context ? context.getRemainingTimeInMillis() - RECORDING_MARGIN_MS : RENDER_DEADLINE_MS;
  return renderOrThrow(event.sub, { ...renderDependencies, deadlineMs: Math.max(1_000, Math.min(RENDER_DEADLINE_MS, remaining)) });
}

export const handler = withLogContext('renderPdf', handle);
