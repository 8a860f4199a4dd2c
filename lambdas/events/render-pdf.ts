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
 * use-case in domain/documents/render-job.ts; this module hands it the adapters. Printing is
 * passed in (renderDependencies) so fault tests can hang it.
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { PDF_SK, claimPdfRender, finishPdfRender } from '#adapters/application-pdf-store';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { log, withLogContext } from '#adapters/log';
import { printApplication } from '#adapters/renderer/application';
import type { LetterRenderEvent } from '#adapters/renderer/request';
import { putPdf, readWhole } from '#adapters/storage/objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { issueToken, tokenItemKey } from '#adapters/store/tokens-store';
import {
  RENDER_DEADLINE_MS,
  renderApplicationPdf as runRenderJob,
  type ApplicationPrinter,
  type RenderJobPorts,
  type RenderOutcome,
} from '#domain/documents/render-job';
import { announcePdfReady } from '#domain/staff/submission-outputs';
import { PAGE_PATH } from '#form/contract';
import { config } from '#lambdas/config';
import { lateWritePorts } from '#wiring/data-rights';
import { submissionOutputs } from '#wiring/submission-outputs';
import { printLetterOrThrow } from './print-decision-letter';

export { RENDER_DEADLINE_MS, RenderTimedOut, type RenderOutcome } from '#domain/documents/render-job';

export interface RenderEvent {
  sub: string;
}

/** What tests and the runtime vary: the printer (fault tests hang it), the clock, the deadline. */
export interface RenderDependencies {
  print: ApplicationPrinter;
  now: () => Date;
  deadlineMs: number;
}

export const renderDependencies: RenderDependencies = { print: printApplication, now: () => new Date(), deadlineMs: RENDER_DEADLINE_MS };

/** The adapters the job runs with. */
function renderPorts(deps: RenderDependencies): RenderJobPorts {
  const cfg = config();
  return {
    claim: claimPdfRender,
    finish: finishPdfRender,
    application: { readApplicantRecord, readApplicantDocuments, readTabs, readAddAnother },
    issueServiceToken: (sub, ttlSeconds, now) => issueToken({ kind: 'service', sub }, ttlSeconds, now),
    serviceViewUrl: (token) => serviceViewUrl(cfg.publicOrigin, token),
    print: deps.print,
    readConverted: (objectKey) => readWhole(cfg.documentsBucket, objectKey),
    storePdf: (objectKey, pdf) => putPdf(cfg.documentsBucket, objectKey, pdf),
    pdfItem: (sub) => ({ table: 'answers', key: { pk: sub, sk: PDF_SK } }),
    tokenItem: (token) => ({ table: 'status', key: tokenItemKey(token) }),
    lateWrites: lateWritePorts(),
    announce: (sub, objectKey) => announcePdfReady(submissionOutputs(), sub, objectKey),
    log,
    now: deps.now,
    newJobId: randomUUID,
    deadlineMs: deps.deadlineMs,
  };
}

/** One run of the job (domain/documents/render-job.ts) with the adapters. */
export function renderApplicationPdf(sub: string, deps: RenderDependencies = renderDependencies): Promise<RenderOutcome> {
  return runRenderJob(renderPorts(deps), sub);
}

/** The view lives at the site's origin; the renderer may fetch nothing else. */
export function serviceViewUrl(publicOrigin: string, token: string): string | undefined {
  try {
    const url = new URL(PAGE_PATH.about, publicOrigin);
    url.searchParams.set('service_token', token);
    return url.href;
  } catch {
    return undefined;
  }
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
