/**
 * GET /api/pdf: the application PDF's status, with a short-lived download link once it is
 * COMPLETED and current (the spec's `url`; the page links to GET /api/pdf/download, which signs
 * a new one on each click). A missing or outdated PDF is asked for on this request, and a failed one
 * when the applicant asks to try again (`?retry=1`); the store lets one such request through per
 * applicant every few minutes. The client polls every second while it waits (spec), so a render
 * in progress is answered from the PDF's own record; only then is the whole application's version read.
 * The applicant's link is to their own copy, in the language saved on their account (issue 41); a
 * PDF printed for another language than the one they have chosen since is asked for again.
 */
import type { DownloadLinks, StoredFilesReader } from '../ports/documents';
import {
  applicantPdfLanguage,
  applicationFileName,
  applicationVersion,
  currentApplicantPdf,
  pdfInOtherLanguage,
  pdfNeedsRender,
  pdfStatusView,
  pdfStillPending,
  type PdfState,
  type PdfStatusView,
  type RenderWish,
} from './application-pdf';

export interface PdfStatusPorts {
  files: StoredFilesReader;
  links: DownloadLinks;
  /** The PDF's own record alone (what a poll while it renders reads). */
  readPdfState(sub: string): Promise<PdfState | undefined>;
  /** Asks for a render of this version; false when the store let no request through (one per applicant every few minutes). */
  requestApplicationPdf(sub: string, version: string): Promise<boolean>;
  /** The language saved on the account the application belongs to (PUT /api/language), if any. */
  readLanguage(sub: string): Promise<string | undefined>;
}

export async function readApplicationPdf(ports: PdfStatusPorts, sub: string, wish: RenderWish, now: Date = new Date()): Promise<PdfStatusView> {
  const pending = await ports.readPdfState(sub);
  if (pdfStillPending(pending, now)) return pdfStatusView(pending, false);
  const [data, saved] = await Promise.all([ports.files.readApplicantDocuments(sub), ports.readLanguage(sub)]);
  const version = applicationVersion(data);
  const stale = pdfNeedsRender(data.pdf, version, now, wish);
  // Only the language changed: the request names this moment, so the store's gap (not its interval for the same content) applies.
  const relanguaged = !stale && pdfInOtherLanguage(data.pdf, applicantPdfLanguage(saved));
  if ((stale || relanguaged) && (await ports.requestApplicationPdf(sub, relanguaged ? now.toISOString() : version))) {
    return pdfStatusView(data.pdf?.status === 'IN_PROGRESS' ? data.pdf : undefined, true);
  }
  // Nor one in the language they left, while the new one waits its turn (a few seconds).
  if (relanguaged) return pdfStatusView(undefined, true);
  // A PDF older than the answers is never handed out, even while its new render waits its turn.
  const objectKey = currentApplicantPdf(data);
  const url = objectKey ? await ports.links.signPdfDownload(objectKey, applicationFileName(data.reference)) : undefined;
  return pdfStatusView(data.pdf, false, url);
}
