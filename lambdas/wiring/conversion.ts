/**
 * The conversion of an upload to PDF (lambdas/events/convert-upload.ts): an applicant's document
 * (domain/documents/document-conversion.ts) or a recommender's letter
 * (domain/recommendations/letter-conversion.ts). The I/O the conversion itself does on the
 * buckets is a parameter (converterDependencies), so fault tests run the same code with a failing one.
 */
import { claimConversion, documentItemKey, finishConversion, readDocument, releaseConversion } from '#adapters/document-answers-store';
import { log } from '#adapters/log';
import { printHtml } from '#adapters/renderer/print';
import { deleteObject, putPdf, readObject } from '#adapters/storage/objects';
import { readApplicantRecord } from '#adapters/store/answers-store';
import { materialsStore } from '#adapters/store/materials-store';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { isAcceptedUpload } from '#adapters/upload-grants';
import type { ConversionRunPorts } from '#domain/documents/conversion-run';
import type { HtmlPrinter } from '#domain/documents/convert';
import type { DocumentConversionPorts } from '#domain/documents/document-conversion';
import type { LetterConversionPorts } from '#domain/recommendations/letter-conversion';
import { config } from '#lambdas/config';
import { lateWritePorts } from './data-rights';

/** The I/O the conversion does on the buckets: fault tests pass a failing one. */
export interface ConverterDependencies {
  readUpload: typeof readObject;
  print: HtmlPrinter;
  storePdf: typeof putPdf;
  now: () => Date;
}

export const converterDependencies: ConverterDependencies = {
  readUpload: readObject,
  print: (html) => printHtml(html),
  storePdf: putPdf,
  now: () => new Date(),
};

/** The buckets a conversion reads the upload from and stores the PDF in. */
function runPorts(deps: ConverterDependencies): ConversionRunPorts {
  const { uploadsBucket, documentsBucket } = config();
  return {
    readUpload: (key, maxBytes) => deps.readUpload(uploadsBucket, key, maxBytes),
    storePdf: (key, bytes) => deps.storePdf(documentsBucket, key, bytes),
    print: deps.print,
  };
}

/** The adapters an applicant's document conversion runs with. */
export function documentConversionPorts(deps: ConverterDependencies): DocumentConversionPorts {
  return {
    ...runPorts(deps),
    isAcceptedUpload,
    claim: claimConversion,
    release: releaseConversion,
    finish: finishConversion,
    readDocument,
    deletePdf: (key) => deleteObject(config().documentsBucket, key),
    documentItem: (sub, answerKey) => ({ table: 'answers', key: documentItemKey(sub, answerKey) }),
    lateWrites: lateWritePorts(),
    completeness: { readApplicantRecord, materials: materialsStore },
    log,
    now: deps.now,
  };
}

/** The adapters a recommender's letter conversion runs with. */
export function letterConversionPorts(deps: ConverterDependencies): LetterConversionPorts {
  return { ...runPorts(deps), store: recommendationStore, lateWrites: lateWritePorts(), now: deps.now };
}
