/**
 * Asks for the application PDF, or a decision letter, to be rendered without waiting for it: the
 * render Lambda (RENDER_FUNCTION_NAME) is invoked asynchronously, with its own retries and
 * dead-letter queue. How a render starts is given (lambdas/wiring/renderer.ts: this invoke, or the
 * local stack's stand-in), so the route Lambdas never import the render job (or Chromium).
 */
import { config } from '#lambdas/config';
import { markPdfRequested } from '../application-pdf-store';
import { signedInvoke } from '../async-invoke';
import { log } from '../log';

/** Starts a render for one applicant; rejects when it could not be started. */
export type StartRender = (sub: string) => Promise<void>;

/** The event the render Lambda takes for a decision letter (an application PDF's is `{sub}`). */
export interface LetterRenderEvent {
  kind: 'decision-letter';
  sub: string;
}

function renderFunction(): string {
  const name = config().renderFunctionName;
  if (!name) throw new Error('RENDER_FUNCTION_NAME is not set');
  return name;
}

/** Queues the application PDF's render with the render Lambda. */
export async function invokeRender(sub: string): Promise<void> {
  await signedInvoke('InvokeCommand', renderFunction(), { sub });
}

/** Queues a decision letter's print with the render Lambda. */
export async function invokeLetterPrint(sub: string): Promise<void> {
  await signedInvoke('InvokeCommand', renderFunction(), { kind: 'decision-letter', sub } satisfies LetterRenderEvent);
}

/**
 * Marks the PDF as requested for the content of `version` and starts a render, unless a render
 * is running or this content was asked for within the last few minutes (then nothing starts and
 * this returns false; true means the PDF is now requested, even if starting the render then
 * failed). Without a version (submit) the request is for the newest content there
 * is: the submission itself, which happens once. Never throws: a failed invocation leaves the
 * PDF UNPROCESSED, and a later GET /api/pdf asks again once that request has gone stale.
 */
export async function requestPdfRender(start: StartRender, sub: string, version: string = new Date().toISOString()): Promise<boolean> {
  let requested = false;
  try {
    requested = await markPdfRequested(sub, version);
    if (!requested) return false;
    await start(sub);
    return true;
  } catch (error) {
    log.error('application PDF request failed', { sub, error });
    return requested;
  }
}

/**
 * Asks the renderer to print the applicant's released decision letter (it prints each release's
 * letter once). Never throws: the letter's download asks again while the PDF is missing.
 */
export async function requestLetterPrint(start: StartRender, sub: string): Promise<void> {
  try {
    await start(sub);
  } catch (error) {
    log.error('decision letter request failed', { sub, error });
  }
}
