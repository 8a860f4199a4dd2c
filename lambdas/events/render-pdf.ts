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
 * The job has a deadline well inside the Lambda timeout and the claim's lease: a print that
 * hangs ends FAILED with a message instead of leaving the PDF IN_PROGRESS, and its late
 * output is never stored. Printing is passed in (renderDependencies) so fault tests can hang it.
 * A job for an applicant whose account is closed meanwhile deletes what it wrote and answers
 * WITHDRAWN (domain/data-rights/late-writes.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { config } from '#lambdas/config';
import { log, withLogContext } from '#adapters/log';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { issueToken, tokenItemKey } from '#adapters/store/tokens-store';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { PDF_SK, claimPdfRender, finishPdfRender } from '#adapters/application-pdf-store';
import { lateWritePorts } from '#adapters/erasure-ports';
import { putPdf, readWhole } from '#adapters/storage/objects';
import { printApplication } from '#adapters/renderer/application';
import {
  APPLICATION_PDF_FAILED,
  APPLICATION_PDF_TIMED_OUT,
  applicationHtml,
  applicationPdfKey,
  asError,
  assembleApplicationPdf,
  applicationVersion,
  type Attachment,
  type PrintableApplication,
} from '#domain/documents';
import { PAGE_PATH, documentQuestionKeys, printLabelOf, questionFor } from '#form';
import { announcePdfReady } from '#domain/staff/submission-outputs';
import { submissionOutputs } from '#adapters/submission-outputs';
import type { LetterRenderEvent } from '#adapters/renderer/request';
import { withdrawIfErased, type ApplicantWrites } from '#domain/data-rights/late-writes';
import type { RelatedItem } from '#domain/ports/erasure';
import { printLetterOrThrow } from './print-decision-letter';

/** The print view needs the token for a few seconds; it must not outlive the job by much. */
const SERVICE_TOKEN_TTL_SECONDS = 300;

export interface RenderEvent {
  sub: string;
}

/** WITHDRAWN: the applicant's account was closed while the job ran, and what it wrote is deleted. */
export type RenderOutcome =
  | { status: 'COMPLETED'; pages: number; source: string }
  | { status: 'FAILED'; timedOut: boolean }
  | { status: 'BUSY' }
  | { status: 'WITHDRAWN' };

/** Below CLAIM_LEASE_MS (2 min: nobody takes over a live job) and the Lambda's 3-minute timeout. */
export const RENDER_DEADLINE_MS = 90_000;

export interface RenderDependencies {
  print: typeof printApplication;
  now: () => Date;
  deadlineMs: number;
}

export const renderDependencies: RenderDependencies = { print: printApplication, now: () => new Date(), deadlineMs: RENDER_DEADLINE_MS };

export class RenderTimedOut extends Error {
  constructor(ms: number) {
    super(`application PDF not ready within ${ms} ms`);
    this.name = 'RenderTimedOut';
  }
}

/** The work keeps running when the deadline passes, but nothing waits for it (and it stores nothing). */
function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RenderTimedOut(ms)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

export async function renderApplicationPdf(sub: string, deps: RenderDependencies = renderDependencies): Promise<RenderOutcome> {
  const jobId = randomUUID();
  if (!(await claimPdfRender(sub, jobId, deps.now()))) return { status: 'BUSY' };
  // From the claim on this job writes for the applicant: if their account was closed meanwhile,
  // the deletion may have listed before these writes, so they are taken back here (after them).
  const items: RelatedItem[] = [{ table: 'answers', key: { pk: sub, sk: PDF_SK } }];
  const writes: ApplicantWrites = { sub, objects: [{ bucket: 'documents', key: applicationPdfKey(sub) }], items };
  let rendered: Rendered;
  try {
    rendered = await renderClaimed(sub, jobId, deps, (token) => items.push({ table: 'status', key: tokenItemKey(token) }));
  } catch (error) {
    if (await withdrawIfErased(lateWritePorts, writes)) return withdrawn(sub);
    throw error;
  }
  if (await withdrawIfErased(lateWritePorts, writes)) return withdrawn(sub);
  // The PDF is stored whatever happens to its announcement.
  if (rendered.announce) await announcePdfReady(submissionOutputs, sub, rendered.announce).catch((error: unknown) => log.error('Application PDF Ready not published', { sub, error }));
  return rendered.outcome;
}

function withdrawn(sub: string): RenderOutcome {
  log.info('application PDF taken back: the account was closed meanwhile', { sub });
  return { status: 'WITHDRAWN' };
}

/** The job's outcome, and the PDF's key when a submitted application's PDF is to be announced. */
interface Rendered {
  outcome: RenderOutcome;
  announce?: string;
}

async function renderClaimed(sub: string, jobId: string, deps: RenderDependencies, issued: (token: string) => void): Promise<Rendered> {
  const { now } = deps;
  const cfg = config();
  // Read before printing: edits made while the job runs leave the PDF stale, so the next request renders again.
  const [record, stored, tabs, addAnother] = await Promise.all([readApplicantRecord(sub), readApplicantDocuments(sub), readTabs(sub), readAddAnother(sub)]);
  const sourceVersion = applicationVersion(stored);
  const documents = stored.documents
    .filter((d) => documentQuestionKeys.includes(d.key))
    .sort((a, b) => documentQuestionKeys.indexOf(a.key) - documentQuestionKeys.indexOf(b.key));
  const produce = async () => {
    const printable: PrintableApplication = {
      answers: record.answers,
      tabs,
      addAnother,
      documents: Object.fromEntries(documents.filter((d) => d.status === 'COMPLETED').map((d) => [d.key, { file_name: d.file_name, file_size: d.file_size, status: d.status }])),
      ...(record.submittedAt ? { submittedAt: record.submittedAt } : {}),
      ...(record.reference ? { reference: record.reference } : {}),
    };
    const token = await issueToken({ kind: 'service', sub }, SERVICE_TOKEN_TTL_SECONDS, now());
    issued(token);
    const printed = await deps.print({
      serviceViewUrl: serviceViewUrl(cfg.publicOrigin, token),
      fallbackHtml: () => applicationHtml(printable),
      applicantName: [record.answers.first_name, record.answers.last_name].filter(Boolean).join(' '),
    });
    const attachments: Attachment[] = [];
    for (const doc of documents) {
      if (doc.status !== 'COMPLETED' || !doc.converted_key) continue;
      const pdf = await readWhole(cfg.documentsBucket, doc.converted_key);
      const question = questionFor(doc.key);
      if (pdf) attachments.push({ label: question ? printLabelOf(question) : doc.key, ...(doc.file_name ? { fileName: doc.file_name } : {}), pdf });
    }
    return { assembled: await assembleApplicationPdf(printed.pdf, attachments), source: printed.source };
  };
  try {
    const { assembled, source } = await withDeadline(produce(), deps.deadlineMs);
    if (assembled.skipped.length) log.warn('documents left out of the application PDF', { sub, skipped: assembled.skipped });
    const objectKey = applicationPdfKey(sub);
    await putPdf(cfg.documentsBucket, objectKey, assembled.pdf);
    await finishPdfRender(sub, jobId, { status: 'COMPLETED', objectKey, sourceVersion, pages: assembled.pages }, now());
    return { outcome: { status: 'COMPLETED', pages: assembled.pages, source }, ...(record.submittedAt ? { announce: objectKey } : {}) };
  } catch (error) {
    const timedOut = error instanceof RenderTimedOut;
    log.error('application PDF failed', { sub, timedOut, error: asError(error) });
    const message = timedOut ? APPLICATION_PDF_TIMED_OUT : APPLICATION_PDF_FAILED;
    await finishPdfRender(sub, jobId, { status: 'FAILED', message, sourceVersion }, now());
    return { outcome: { status: 'FAILED', timedOut } };
  }
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
