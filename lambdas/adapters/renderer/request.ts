/**
 * Asks for the application PDF to be rendered, without waiting for it. In AWS the render
 * Lambda (RENDER_FUNCTION_NAME) is invoked asynchronously, with its own retries and
 * dead-letter queue; in the local stack the stack registers an invoker that runs the same
 * handler in its process. The route Lambdas never import the render job (or Chromium).
 */
import { config } from '#lambdas/config';
import { markPdfRequested } from '../application-pdf-store';
import { signedInvoke } from '../async-invoke';
import { log } from '../log';
import { LocalRenderQueue } from './local-queue';

export type LocalRenderInvoker = (sub: string) => Promise<unknown>;
let localQueue: LocalRenderQueue | undefined;

/**
 * Renders at once in the local stack (LOCAL_RENDER_CONCURRENCY); the rest wait. One: the local
 * event runtime has a single CPU to itself (local/event-runtime.ts), so a second render at once
 * would only share it.
 */
export const LOCAL_RENDER_CONCURRENCY = Math.max(1, Number(process.env.LOCAL_RENDER_CONCURRENCY) || 1);

/** The local stack's stand-in for invoking the render Lambda asynchronously, through a bounded queue. */
export function registerLocalRenderer(invoker: LocalRenderInvoker, concurrency = LOCAL_RENDER_CONCURRENCY): void {
  localQueue = new LocalRenderQueue(invoker, concurrency, (sub, error) => log.error('local render failed', { sub, error }));
}

function invokesLocally(): boolean {
  const c = config();
  return localQueue !== undefined && (c.appEnv === 'local' || !c.renderFunctionName);
}

/**
 * Marks the PDF as requested for the content of `version` and starts a render, unless a render
 * is running or this content was asked for within the last few minutes (then nothing starts and
 * this returns false; true means the PDF is now requested, even if starting the render then
 * failed). Without a version (submit) the request is for the newest content there
 * is: the submission itself, which happens once. Never throws: a failed invocation leaves the
 * PDF UNPROCESSED, and a later GET /api/pdf asks again once that request has gone stale.
 */
export async function requestApplicationPdf(sub: string, version: string = new Date().toISOString()): Promise<boolean> {
  let requested = false;
  try {
    requested = await markPdfRequested(sub, version);
    if (!requested) return false;
    if (invokesLocally()) {
      localQueue!.add(sub);
      return true;
    }
    if (!config().renderFunctionName) throw new Error('RENDER_FUNCTION_NAME is not set and no local renderer is registered');
    await signedInvoke('InvokeCommand', config().renderFunctionName, { sub });
    return true;
  } catch (error) {
    log.error('application PDF request failed', { sub, error });
    return requested;
  }
}

let localLetters: LocalRenderQueue | undefined;

/** The local stack's stand-in for asking the render Lambda for a decision letter's PDF. */
export function registerLocalLetterPrinter(invoker: LocalRenderInvoker): void {
  localLetters = new LocalRenderQueue(invoker, LOCAL_RENDER_CONCURRENCY, (sub, error) => log.error('local decision letter failed', { sub, error }));
}

/** The event the render Lambda takes for a decision letter (an application PDF's is `{sub}`). */
export interface LetterRenderEvent {
  kind: 'decision-letter';
  sub: string;
}

/**
 * Asks the renderer to print the applicant's released decision letter (it prints each release's
 * letter once). Never throws: the letter's download asks again while the PDF is missing.
 */
export async function requestDecisionLetter(sub: string): Promise<void> {
  try {
    const c = config();
    if (localLetters !== undefined && (c.appEnv === 'local' || !c.renderFunctionName)) {
      localLetters.add(sub);
      return;
    }
    if (!c.renderFunctionName) throw new Error('RENDER_FUNCTION_NAME is not set and no local renderer is registered');
    await signedInvoke('InvokeCommand', c.renderFunctionName, { kind: 'decision-letter', sub } satisfies LetterRenderEvent);
  } catch (error) {
    log.error('decision letter request failed', { sub, error });
  }
}

/** The local stack is stopping: no more renders start, and queued ones are dropped. */
export function closeLocalRenderer(): void {
  localQueue?.close();
  localLetters?.close();
}

/** Resolves when every in-process render requested so far has finished. */
export async function settleLocalRenders(): Promise<void> {
  await localQueue?.settle();
}
