/**
 * The download routes: each click signs a new short-lived link (so a link on a page that stayed
 * open never dies) to a file named for the applicant and the question, never for our storage.
 * The routes answer 303 to the link; the staff ones record the read first.
 */
import { documentQuestionKeys, questionFor } from '#form/model';
import { printLabelOf } from '#form/print';
import { Conflict, NotFound } from '../errors';
import type { StaffAudit } from '../ports/audit';
import type { DownloadLinks, StoredFilesReader } from '../ports/documents';
import type { SubmittedApplication } from '../ports/submissions';
import { applicationFileName, currentApplicantPdf } from './application-pdf';

export { applicationFileName };

export const NO_APPLICATION = 'There is no submitted application with this id.';
export const NO_DOCUMENT = 'This application has no converted document for this question.';
export const NO_APPLICATION_PDF = 'The application PDF is not ready yet. Go back and try again in a minute.';
export const PDF_NOT_READY = 'Your PDF is not ready yet. Go back to your status page and try again in a minute.';

/** `High School Transcript` → `high-school-transcript`; letters lose their accents (`Résumé` → `resume`). */
export function slugOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The name a converted document is saved under: the reference (the id before there was one) and the question's print label. */
export function documentFileName(reference: string, question: string): string {
  const node = questionFor(question);
  const label = slugOf(node ? printLabelOf(node) : question) || 'document';
  return `${reference}-${label}.pdf`;
}

export interface StaffDownloadPorts {
  files: StoredFilesReader;
  links: DownloadLinks;
  readSubmitted(id: string): Promise<SubmittedApplication | undefined>;
  /** Records the read (before anything of the file is handed out). */
  audit: StaffAudit;
}

/** What a staff member downloads: one document question's converted PDF, or the application PDF. */
export type StaffFile = { kind: 'document'; question: string } | { kind: 'application-pdf' };

/** A new link to a submitted application's file, recorded in its access record. NotFound for an unknown application or a file that is not there. */
export async function staffDownload(ports: StaffDownloadPorts, id: string, file: StaffFile): Promise<string> {
  // A key that names no document question is no file of any application: refused before anything is read.
  if (file.kind === 'document' && !documentQuestionKeys.includes(file.question)) throw new NotFound(NO_DOCUMENT);
  const app = await ports.readSubmitted(id);
  if (!app) throw new NotFound(NO_APPLICATION);
  await ports.audit({ action: 'download', application: id, detail: { document: file.kind === 'document' ? file.question : 'application_pdf' } });
  const stored = await ports.files.readApplicantDocuments(id);
  const reference = app.reference || id;
  if (file.kind === 'application-pdf') {
    if (stored.pdf?.status !== 'COMPLETED' || !stored.pdf.objectKey) throw new NotFound(NO_APPLICATION_PDF);
    return ports.links.signPdfDownload(stored.pdf.objectKey, applicationFileName(reference));
  }
  const doc = stored.documents.find((d) => d.key === file.question);
  if (doc?.status !== 'COMPLETED' || !doc.converted_key) throw new NotFound(NO_DOCUMENT);
  return ports.links.signPdfDownload(doc.converted_key, documentFileName(reference, file.question));
}

export interface ApplicantDownloadPorts {
  files: StoredFilesReader;
  links: DownloadLinks;
}

/** A new link to the applicant's own application PDF (their copy in the language they chose, issue 41), saved as `application-<reference>.pdf`. */
export async function applicantPdfDownload(ports: ApplicantDownloadPorts, sub: string): Promise<string> {
  const stored = await ports.files.readApplicantDocuments(sub);
  const objectKey = currentApplicantPdf(stored);
  if (!objectKey) throw new Conflict(PDF_NOT_READY);
  return ports.links.signPdfDownload(objectKey, applicationFileName(stored.reference));
}
