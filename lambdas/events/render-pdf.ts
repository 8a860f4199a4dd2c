/**
 * The application-PDF job: invoked asynchronously with `{sub}` (on submit and when GET /api/pdf
 * finds the PDF missing or older than the answers). It mints a short-lived service token,
 * prints the service view (or the form-model fallback), appends every converted document,
 * stamps "Page n of N" and stores the file. One job per applicant at a time; a failed job
 * records FAILED with the applicant-facing message instead of throwing (a retry of a
 * deterministic failure would only fail again).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { config } from '../config';
import { log } from '../adapters/log';
import { readApplicantRecord } from '../adapters/store/answers-store';
import { readAddAnother, readTabs } from '../adapters/store/tabs-store';
import { issueToken } from '../adapters/store/tokens-store';
import { claimPdfRender, finishPdfRender, readApplicantDocuments } from '../adapters/documents-store';
import { putPdf, readWhole } from '../adapters/storage/objects';
import { printApplication } from '../adapters/renderer/application';
import {
  APPLICATION_PDF_FAILED,
  applicationHtml,
  applicationPdfKey,
  asError,
  assembleApplicationPdf,
  applicationVersion,
  type PrintableApplication,
} from '../domain/documents';
import { documentQuestionKeys } from '../../form';

/** The print view needs the token for a few seconds; it must not outlive the job by much. */
const SERVICE_TOKEN_TTL_SECONDS = 300;

export interface RenderEvent {
  sub: string;
}

export type RenderOutcome = { status: 'COMPLETED'; pages: number; source: string } | { status: 'FAILED' } | { status: 'BUSY' };

export async function renderApplicationPdf(sub: string, now: () => Date = () => new Date()): Promise<RenderOutcome> {
  const jobId = randomUUID();
  if (!(await claimPdfRender(sub, jobId, now()))) return { status: 'BUSY' };
  const cfg = config();
  // Read before printing: edits made while the job runs leave the PDF stale, so the next request renders again.
  const [record, stored, tabs, addAnother] = await Promise.all([readApplicantRecord(sub), readApplicantDocuments(sub), readTabs(sub), readAddAnother(sub)]);
  const sourceVersion = applicationVersion(stored);
  const documents = stored.documents
    .filter((d) => documentQuestionKeys.includes(d.key))
    .sort((a, b) => documentQuestionKeys.indexOf(a.key) - documentQuestionKeys.indexOf(b.key));
  try {
    const printable: PrintableApplication = {
      answers: record.answers,
      tabs,
      addAnother,
      documents: Object.fromEntries(documents.filter((d) => d.status === 'COMPLETED').map((d) => [d.key, { file_name: d.file_name }])),
      ...(record.submittedAt ? { submittedAt: record.submittedAt } : {}),
    };
    const token = await issueToken({ kind: 'service', sub }, SERVICE_TOKEN_TTL_SECONDS, now());
    const printed = await printApplication({
      serviceViewUrl: serviceViewUrl(cfg.publicOrigin, token),
      fallbackHtml: () => applicationHtml(printable),
      applicantName: [record.answers.first_name, record.answers.last_name].filter(Boolean).join(' '),
    });
    const attachments: Array<{ label: string; pdf: Uint8Array }> = [];
    for (const doc of documents) {
      if (doc.status !== 'COMPLETED' || !doc.converted_key) continue;
      const pdf = await readWhole(cfg.documentsBucket, doc.converted_key);
      if (pdf) attachments.push({ label: doc.key, pdf });
    }
    const assembled = await assembleApplicationPdf(printed.pdf, attachments);
    if (assembled.skipped.length) log.warn('documents left out of the application PDF', { sub, skipped: assembled.skipped });
    const objectKey = applicationPdfKey(sub);
    await putPdf(cfg.documentsBucket, objectKey, assembled.pdf);
    await finishPdfRender(sub, jobId, { status: 'COMPLETED', objectKey, sourceVersion, pages: assembled.pages }, now());
    return { status: 'COMPLETED', pages: assembled.pages, source: printed.source };
  } catch (error) {
    log.error('application PDF failed', { sub, error: asError(error) });
    await finishPdfRender(sub, jobId, { status: 'FAILED', message: APPLICATION_PDF_FAILED, sourceVersion }, now());
    return { status: 'FAILED' };
  }
}

/** The view lives at the site's origin; the renderer may fetch nothing else. */
export function serviceViewUrl(publicOrigin: string, token: string): string | undefined {
  try {
    const url = new URL('/about', publicOrigin);
    url.searchParams.set('service_token', token);
    return url.href;
  } catch {
    return undefined;
  }
}

export async function handler(event: RenderEvent, _context?: Context): Promise<RenderOutcome> {
  if (!event || typeof event.sub !== 'string' || !/^[A-Za-z0-9-]{1,128}$/.test(event.sub)) {
    log.warn('render event without a valid sub ignored');
    return { status: 'FAILED' };
  }
  return renderApplicationPdf(event.sub);
}
