/**
 * Converts an upload to PDF when it lands in the uploads bucket (S3 ObjectCreated; locally,
 * s3rver's events through the local stack). Every record ends in one recorded outcome:
 * COMPLETED with a PDF under converted/, or FAILED with a message the applicant can act on.
 * A file that cannot become a PDF fails at once. A run that breaks for a reason of ours
 * (storage unreachable, the browser crashed) hands the upload back and throws, so the event's
 * retry converts it again; the last attempt records FAILED, so nothing stays IN_PROGRESS.
 * Replays and outdated events change nothing; a crash in one record never fails the others.
 * A run for an applicant whose account is closed meanwhile deletes what it wrote (its PDF and
 * the document's item; a recommender's letter, its PDF: domain/data-rights/late-writes.ts) and
 * counts as skipped. It only reads uploads: an upload itself is the bucket's to expire (a day
 * or two; lib/documents.ts, docs/data-rights.md).
 *
 * The I/O the conversion itself does is passed in (converterDependencies): the handler wires
 * the real adapters, and fault tests run this same code with a failing one.
 */
import type { Context, S3Event } from 'aws-lambda';
import { config } from '#lambdas/config';
import { log, withLogContext } from '#adapters/log';
import { claimConversion, documentItemKey, finishConversion, readDocument, releaseConversion, type Claim, type ConversionResult } from '#adapters/document-answers-store';
import { lateWritePorts } from '#adapters/erasure-ports';
import { deleteObject, putPdf, readObject } from '#adapters/storage/objects';
import { printHtml } from '#adapters/renderer/print';
import { isAcceptedUpload } from '#adapters/upload-grants';
import {
  CONVERSION_MESSAGES,
  ConversionFailure,
  FILE_MAX_BYTES,
  asError,
  convertToPdf,
  convertedKey,
  decodeEventKey,
  parseUploadKey,
  type HtmlPrinter,
  type UploadRef,
} from '#domain/documents';
import { recommendationStore } from '#adapters/store/recommendations-store';
import { LETTER_PREFIX } from '#domain/recommendations/keys';
import { convertLetter } from '#domain/recommendations/letter-conversion';
import { withdrawIfErased, type ApplicantWrites } from '#domain/data-rights/late-writes';

type S3Record = S3Event['Records'][number];

/** The first run and Lambda's two retries of an asynchronous invoke (lib/documents.ts). */
export const MAX_CONVERSION_ATTEMPTS = 3;

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

/** Thrown so the event is delivered again: the upload was handed back and waits for that retry. */
export class ConversionInterrupted extends Error {
  constructor(
    readonly key: string,
    readonly attempt: number,
    cause: Error,
  ) {
    super(`conversion of ${key} interrupted on attempt ${attempt}: ${cause.message}`, { cause });
    this.name = 'ConversionInterrupted';
  }
}

export async function convertRecord(record: S3Record, deps: ConverterDependencies = converterDependencies): Promise<'converted' | 'failed' | 'skipped'> {
  const cfg = config();
  if (record.s3.bucket.name !== cfg.uploadsBucket) return 'skipped';
  const key = decodeEventKey(record.s3.object.key);
  // A recommender's letter: the same conversion, recorded on the recommendation.
  if (key?.startsWith(LETTER_PREFIX)) return convertRecommendationLetter(key, Number(record.s3.object.size) || 0, deps);
  const ref = key ? parseUploadKey(key) : undefined;
  if (!key || !ref) {
    log.warn('upload key outside the layout ignored', { key: record.s3.object.key.slice(0, 300) });
    return 'skipped';
  }
  // An object the server never issued this key for (a policy not enforced, a key guessed or reused) is nobody's document.
  if (!(await isAcceptedUpload(ref, deps.now()))) {
    log.warn('upload under a key the server never issued ignored', { key });
    return 'skipped';
  }
  const claim = await claimConversion(ref.sub, ref.answerKey, key, Number(record.s3.object.size) || 0, deps.now());
  if (!claim.claimed) return 'skipped';
  // From the claim on this run writes for the applicant: if their account was closed meanwhile,
  // the deletion may have listed before these writes, so they are taken back here (after them).
  const writes: ApplicantWrites = {
    sub: ref.sub,
    objects: [{ bucket: 'documents', key: convertedKey(ref) }],
    items: [{ table: 'answers', key: documentItemKey(ref.sub, ref.answerKey) }],
  };
  let outcome: 'converted' | 'failed';
  try {
    outcome = await convertClaimed(key, ref, claim, deps);
  } catch (error) {
    if (await withdrawIfErased(lateWritePorts, writes)) return withdrawn(key);
    throw error;
  }
  return (await withdrawIfErased(lateWritePorts, writes)) ? withdrawn(key) : outcome;
}

function withdrawn(key: string): 'skipped' {
  log.info('conversion taken back: the account was closed meanwhile', { key });
  return 'skipped';
}

async function convertClaimed(key: string, ref: UploadRef, claim: Extract<Claim, { claimed: true }>, deps: ConverterDependencies): Promise<'converted' | 'failed'> {
  const cfg = config();
  const held = { fileKey: key, claimedAt: claim.claimedAt };

  const run = await convert(cfg.uploadsBucket, cfg.documentsBucket, key, ref, claim.fileName, deps);
  let result: ConversionResult;
  if (run.status === 'INTERRUPTED') {
    log.error('conversion interrupted', { key, attempt: claim.attempts, error: run.error });
    if (claim.attempts < MAX_CONVERSION_ATTEMPTS) {
      await releaseConversion(ref.sub, ref.answerKey, held, deps.now());
      throw new ConversionInterrupted(key, claim.attempts, run.error);
    }
    result = { status: 'FAILED', message: CONVERSION_MESSAGES.failed };
  } else {
    result = run;
  }
  const recorded = await finishConversion(ref.sub, ref.answerKey, held, result, deps.now());
  if (!recorded && result.status === 'COMPLETED') await dropOrphan(ref, result.convertedKey);
  return result.status === 'COMPLETED' ? 'converted' : 'failed';
}

async function convertRecommendationLetter(key: string, size: number, deps: ConverterDependencies): Promise<'converted' | 'failed' | 'skipped'> {
  const cfg = config();
  const outcome = await convertLetter(
    {
      store: recommendationStore,
      readUpload: (k, maxBytes) => deps.readUpload(cfg.uploadsBucket, k, maxBytes),
      storePdf: (k, bytes) => deps.storePdf(cfg.documentsBucket, k, bytes),
      print: deps.print,
      now: deps.now,
      lateWrites: lateWritePorts,
    },
    key,
    size,
  );
  return outcome === 'withdrawn' ? withdrawn(key) : outcome;
}

type RunOutcome = ConversionResult | { status: 'INTERRUPTED'; error: Error };

async function convert(uploads: string, documents: string, key: string, ref: UploadRef, fileName: string, deps: ConverterDependencies): Promise<RunOutcome> {
  try {
    const read = await deps.readUpload(uploads, key, FILE_MAX_BYTES);
    // Deleted since (the applicant removed the answer): nothing to retry.
    if (read.kind === 'missing') return { status: 'FAILED', message: CONVERSION_MESSAGES.failed };
    if (read.kind === 'tooLarge') return { status: 'FAILED', message: CONVERSION_MESSAGES.tooLarge };
    const { pdf } = await convertToPdf(read.bytes, deps.print, fileName || undefined);
    const output = convertedKey(ref);
    await deps.storePdf(documents, output, pdf);
    return { status: 'COMPLETED', convertedKey: output };
  } catch (thrown) {
    // 'failed' is the converter's own trouble (a good docx the browser could not print): worth another try.
    if (thrown instanceof ConversionFailure && thrown.reason !== 'failed') {
      log.info('upload refused', { key, reason: thrown.reason, detail: thrown.detail });
      return { status: 'FAILED', message: thrown.message };
    }
    return { status: 'INTERRUPTED', error: asError(thrown) };
  }
}

/** This run lost its claim (replaced upload, deleted answer): its output is nobody's unless the winner wrote the same key. */
async function dropOrphan(ref: UploadRef, output: string): Promise<void> {
  const current = await readDocument(ref.sub, ref.answerKey);
  if (current?.converted_key === output || (current?.status === 'IN_PROGRESS' && current.file_key.endsWith(ref.uploadId))) return;
  await deleteObject(config().documentsBucket, output);
}

export type ConversionCounts = { converted: number; failed: number; skipped: number };

export function conversionHandler(deps: ConverterDependencies = converterDependencies) {
  return async (event: S3Event, _context?: Context): Promise<ConversionCounts> => {
    const counts = { converted: 0, failed: 0, skipped: 0 };
    let firstError: unknown;
    for (const record of event.Records ?? []) {
      try {
        counts[await convertRecord(record, deps)] += 1;
      } catch (error) {
        if (!(error instanceof ConversionInterrupted)) log.error('conversion record failed', { error: asError(error) });
        firstError ??= error;
      }
    }
    // Lambda's async retry runs the event again; records that finished are then skipped.
    if (firstError) throw asError(firstError);
    return counts;
  };
}

export const handler = withLogContext('convertUpload', conversionHandler());
