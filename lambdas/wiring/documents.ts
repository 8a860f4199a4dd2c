/**
 * The applicant's documents and application PDF (domain/uploads.ts, domain/documents/): starting
 * an upload, attaching it, its conversion's status, removing it, the downloads, the PDF's status
 * and the service view it is printed from. The conversion and the render run elsewhere
 * (conversion.ts, render.ts): their converters and browser stay out of these routes.
 */
import { readPdfState } from '#adapters/application-pdf-store';
import { attachUpload, deleteConversion, deleteDocument, readApplicantDocuments, readDocument } from '#adapters/document-answers-store';
import { deleteObject, documentDownloads, objectSize, uploadsBucket } from '#adapters/storage/signed-objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { readSavedLanguage } from '#adapters/store/status-store';
import { readAddAnother, readTabs } from '#adapters/store/tabs-store';
import { uploadQuota } from '#adapters/store/upload-quota-store';
import { isAcceptedUpload, uploadGrants } from '#adapters/upload-grants';
import type { readApplicationPdf } from '#domain/documents/application-pdf-status';
import type { attachDocument } from '#domain/documents/attach';
import type { readConversionStatus } from '#domain/documents/conversion-status';
import type { applicantPdfDownload } from '#domain/documents/downloads';
import type { removeConversion, removeDocument } from '#domain/documents/removal';
import type { readDocumentAnswers, readServiceView } from '#domain/profile';
import type { presignDocumentUpload } from '#domain/uploads';
import { config } from '#lambdas/config';
import type { PortsOf } from './ports-of';
import { requestApplicationPdf } from './renderer';

/** Upload grants per applicant per UTC day, form documents and materials together (MAX_UPLOADS_PER_DAY). */
export const uploadsPerDay = (): number => config().maxUploadsPerDay;

export function uploadStartPorts(): PortsOf<typeof presignDocumentUpload> {
  return { grants: uploadGrants, uploads: uploadsBucket, quota: uploadQuota };
}

export function attachPorts(): PortsOf<typeof attachDocument> {
  return { grants: { isAcceptedUpload }, uploads: { uploadSize: (key) => objectSize(config().uploadsBucket, key) }, documents: { attachUpload } };
}

export function conversionStatusPorts(): PortsOf<typeof readConversionStatus> {
  return { readDocument };
}

export function documentRemovalPorts(): PortsOf<typeof removeDocument> {
  return {
    deleteDocument,
    deleteUpload: (fileKey) => deleteObject(config().uploadsBucket, fileKey),
    deleteConverted: (convertedKey) => deleteObject(config().documentsBucket, convertedKey),
  };
}

export function conversionRemovalPorts(): PortsOf<typeof removeConversion> {
  return { deleteConversion, deleteConverted: (convertedKey) => deleteObject(config().documentsBucket, convertedKey) };
}

export function documentAnswersPorts(): PortsOf<typeof readDocumentAnswers> {
  return { readApplicantDocuments };
}

export function pdfDownloadPorts(): PortsOf<typeof applicantPdfDownload> {
  return { files: { readApplicantDocuments }, links: documentDownloads };
}

export function pdfStatusPorts(): PortsOf<typeof readApplicationPdf> {
  return { files: { readApplicantDocuments }, links: documentDownloads, readPdfState, requestApplicationPdf, readLanguage: readSavedLanguage };
}

/** What the service view (and so the application PDF) renders: the answers, the tabs chosen and the add-another counts. */
export function serviceViewPorts(): PortsOf<typeof readServiceView> {
  return { readApplicantRecord, readTabs, readAddAnother };
}
