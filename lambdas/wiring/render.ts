/**
 * The render Lambda's two jobs: the application PDF (domain/documents/render-job.ts), printed from
 * the service view a short-lived token opens, and a released decision's letter
 * (domain/releases/applicant.ts). The printer, the clock and the deadline are parameters of the
 * PDF job (renderDependencies), so fault tests can hang it.
 */
import { randomUUID } from 'node:crypto';
import { PDF_SK, claimPdfRender, finishPdfRender } from '#adapters/application-pdf-store';
import { readApplicantDocuments } from '#adapters/document-answers-store';
import { letterheadLogo } from '#adapters/letterhead';
import { log } from '#adapters/log';
import { printApplication } from '#adapters/renderer/application';
import { readStampFont } from '#adapters/renderer/fonts';
import { printHtml } from '#adapters/renderer/print';
import { objectSize, putPdf, readWhole } from '#adapters/storage/objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { decisionsStore } from '#adapters/store/decisions-store';
import { readSavedLanguage } from '#adapters/store/status-store';
import { readSubmitted } from '#adapters/store/submissions-index';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { issueToken, revokeToken, tokenItemKey } from '#adapters/store/tokens-store';
import { RENDER_DEADLINE_MS, type ApplicationPrinter, type RenderJobPorts } from '#domain/documents/render-job';
import type { printDecisionLetter } from '#domain/releases/applicant';
import { announcePdfReady } from '#domain/staff/submission-outputs';
import { PAGE_PATH } from '#form/contract';
import { config } from '#lambdas/config';
import { freshDecisionSettings } from './applicant-decision';
import { lateWritePorts } from './data-rights';
import type { PortsOf } from './ports-of';
import { announcementOutputs } from './submission-outputs';

/** What tests and the runtime vary: the printer (fault tests hang it), the clock, the deadline. */
export interface RenderDependencies {
  print: ApplicationPrinter;
  now: () => Date;
  deadlineMs: number;
}

export const renderDependencies: RenderDependencies = { print: printApplication, now: () => new Date(), deadlineMs: RENDER_DEADLINE_MS };

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

/** The adapters the application PDF's job runs with. */
export function renderPorts(deps: RenderDependencies): RenderJobPorts {
  const cfg = config();
  return {
    claim: claimPdfRender,
    finish: finishPdfRender,
    application: { readApplicantRecord, readApplicantDocuments, readTabs, readAddAnother },
    readLanguage: readSavedLanguage,
    issueServiceToken: (sub, ttlSeconds, now, language) => issueToken({ kind: 'service', sub, ...(language ? { language } : {}) }, ttlSeconds, now),
    revokeServiceToken: revokeToken,
    serviceViewUrl: (token) => serviceViewUrl(cfg.publicOrigin, token),
    print: deps.print,
    stampFont: readStampFont,
    readConverted: (objectKey) => readWhole(cfg.documentsBucket, objectKey),
    storePdf: (objectKey, pdf) => putPdf(cfg.documentsBucket, objectKey, pdf),
    pdfItem: (sub) => ({ table: 'answers', key: { pk: sub, sk: PDF_SK } }),
    tokenItem: (token) => ({ table: 'status', key: tokenItemKey(token) }),
    lateWrites: lateWritePorts(),
    announce: (sub, objectKey) => announcePdfReady(announcementOutputs(), sub, objectKey),
    log,
    now: deps.now,
    newJobId: randomUUID,
    deadlineMs: deps.deadlineMs,
  };
}

/** The adapters a decision letter's print runs with: printed once per release, with scripts off and no network. */
export async function letterPrintPorts(): Promise<PortsOf<typeof printDecisionLetter>> {
  return {
    decisions: decisionsStore,
    readSubmitted,
    settings: await freshDecisionSettings(),
    letterSize: (key) => objectSize(config().documentsBucket, key),
    print: (html) => printHtml(html),
    store: (key, pdf) => putPdf(config().documentsBucket, key, pdf),
    lateWrites: lateWritePorts(),
    logo: letterheadLogo,
  };
}
