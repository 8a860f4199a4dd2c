/**
 * Prints the application: the web app's service-user view when it is there (its print layout
 * root carries data-print-ready, "true" once its data has loaded), else the form-model HTML
 * built by the caller. Either way a header names the institution and the applicant.
 */
import type { PDFOptions } from 'puppeteer-core';
import { escapeHtml } from '#domain/documents/html';
import type { PrintedApplication } from '#domain/documents/render-job';
import { institution } from '#form';
import { LETTER_PDF, printHtml, printSitePage } from './print';

export const PRINT_ROOT_SELECTOR = '[data-print-ready]';
export const PRINT_READY_SELECTOR = '[data-print-ready="true"]';

const ms = (name: string, fallback: number) => Number(process.env[name]) || fallback;

export function applicationPdfOptions(applicantName: string): PDFOptions {
  const title = `${institution.name}: ${institution.applicationTitle}${applicantName ? `, ${applicantName}` : ''}`;
  return {
    ...LETTER_PDF,
    displayHeaderFooter: true,
    headerTemplate: `<div style="font-family:'Open Sans',sans-serif;font-size:8px;color:#444;width:100%;text-align:center;">${escapeHtml(title)}</div>`,
    // Page numbers are stamped over the whole file later, documents included.
    footerTemplate: '<div></div>',
  };
}

/**
 * When the site showed no print layout, it is not asked again for a while: each try costs the
 * root timeout, and the view appears only with a new deployment of the web app.
 */
const VIEW_RECHECK_MS = 5 * 60 * 1000;
let viewMissingSince: number | undefined;

export async function printApplication(input: {
  serviceViewUrl: string | undefined;
  fallbackHtml: () => string;
  applicantName: string;
}): Promise<PrintedApplication> {
  const pdfOptions = applicationPdfOptions(input.applicantName);
  const viewKnownMissing = viewMissingSince !== undefined && Date.now() - viewMissingSince < VIEW_RECHECK_MS;
  if (input.serviceViewUrl && !viewKnownMissing) {
    const capture = await printSitePage(input.serviceViewUrl, {
      readySelector: PRINT_READY_SELECTOR,
      rootSelector: PRINT_ROOT_SELECTOR,
      rootTimeoutMs: ms('PRINT_ROOT_TIMEOUT_MS', 3000),
      readyTimeoutMs: ms('PRINT_READY_TIMEOUT_MS', 10_000),
      pdf: pdfOptions,
    });
    if (capture.ready && capture.pdf) {
      viewMissingSince = undefined;
      return { pdf: capture.pdf, source: 'service-view' };
    }
    viewMissingSince = Date.now();
  }
  return { pdf: await printHtml(input.fallbackHtml(), pdfOptions), source: 'form-model' };
}
