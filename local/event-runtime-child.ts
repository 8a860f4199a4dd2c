/** The event runtime's process (see event-runtime.ts): runs the event Lambdas' handlers on request. */
// First: it inherits the stack's invocation-store switch, which the logger needs the store for.
import './invocation';
// Then the institution's configuration, before any module of form/ loads (config/installed.ts).
import '#config/installed';
import type { S3Event } from 'aws-lambda';
import pLimit from 'p-limit';
import { closeBrowser, getBrowser } from '#adapters/renderer/browser';
import { warmSiteTab } from '#adapters/renderer/print';
import { handler as convertUpload } from '#events/convert-upload';
import { printLetterOrThrow } from '#events/print-decision-letter';
import { renderOrThrow } from '#events/render-pdf';
import { PAGE_PATH } from '#form/contract';
import { config, setConfig, type Config } from '#lambdas/config';
import { installStandIns } from '#wiring/stand-ins';
import { lambdaContext } from './api-gateway';
import { DeadLetters, runOrDeadLetter } from './dead-letters';
import { appendEvent } from './dev-events';

type Request = { id: number } & ({ kind: 'convert'; event: S3Event } | { kind: 'render' | 'letter'; sub: string });

setConfig(JSON.parse(process.env.LOCAL_EVENT_CONFIG ?? '{}') as Partial<Config>);
// The PDF job announces a finished PDF as a submission event: to the stack's events file, as the stack's own functions do.
const events = process.env.LOCAL_EVENTS_FILE;
if (events) installStandIns({ publishEvent: (event) => appendEvent(events, event) });
const retryDelays = JSON.parse(process.env.LOCAL_RETRY_DELAYS_MS ?? '[1000,2000]') as number[];
const deadLetters = new DeadLetters(process.env.LOCAL_DEAD_LETTERS_DIR ?? process.cwd());

/**
 * Conversions run a few at a time (LOCAL_CONVERSION_CONCURRENCY, default 2), the rest wait their
 * turn. In AWS each upload event gets its own Lambda; here a burst of uploads would otherwise
 * start a conversion each at once, and each one's S3 reads and writes and DynamoDB updates run
 * in s3rver and dynalite at normal priority, beside the applicants' own requests.
 */
const conversionSlot = pLimit(Math.max(1, Number(process.env.LOCAL_CONVERSION_CONCURRENCY ?? 2) || 2));

/**
 * A job can end after the stack has gone (it is stopping and this process waits for Chromium to
 * close): nobody is waiting for the answer then, and sending it on the closed channel must not
 * crash the process.
 */
function reply(message: { id: number; ok: boolean; error?: string }): void {
  if (process.connected) process.send?.(message, undefined, {}, () => undefined);
}

process.on('message', (request: Request) => {
  // Both are retried as Lambda retries an asynchronous event, then parked as a dead letter.
  const job =
    request.kind === 'convert'
      ? conversionSlot(() => runOrDeadLetter(request, () => convertUpload(request.event, lambdaContext('convertUpload', 120_000)), retryDelays, deadLetters))
      : request.kind === 'letter'
        ? runOrDeadLetter(request, () => printLetterOrThrow(request.sub), retryDelays, deadLetters)
        : runOrDeadLetter(request, () => renderOrThrow(request.sub), retryDelays, deadLetters);
  job.then(
    () => reply({ id: request.id, ok: true }),
    (error: unknown) => reply({ id: request.id, ok: false, error: String(error) }),
  );
});

/** The stack is going away: close Chromium first (also one still starting), or it would outlive us. */
function shutdown(): void {
  const twoSeconds = new Promise((ok) => setTimeout(ok, 2000));
  void Promise.race([closeBrowser(), twoSeconds]).finally(() => process.exit(0));
}
process.on('disconnect', shutdown);

if (!process.connected) {
  // The stack stopped while this module was still loading: the event was missed.
  shutdown();
} else if (process.env.LOCAL_WARM_RENDERER !== '0') {
  // Chromium is started now rather than by the first submit: its first start (unpacking the
  // browser on a fresh machine, then a cold exec of a 200 MB binary) would otherwise land in the
  // middle of the applicants' busiest minute. So is the tab the application PDFs print in, with the web
  // app loaded in it once. A failure here is not final: the first render tries again.
  const site = new URL(PAGE_PATH.about, config().publicOrigin).href;
  void getBrowser()
    .then(() => warmSiteTab(site))
    .catch(() => undefined);
}
