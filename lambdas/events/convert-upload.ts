/**
 * Converts an upload to PDF when it lands in the uploads bucket (S3 ObjectCreated; locally,
 * s3rver's events through the local stack). Every record ends in one recorded outcome:
 * COMPLETED with a PDF under converted/, or FAILED with a message the applicant can act on.
 * Replays and outdated events change nothing; a crash in one record never fails the others.
 */
import type { Context, S3Event } from 'aws-lambda';
import { config } from '../config';
import { log } from '../adapters/log';
import { claimConversion, finishConversion, readDocument, type ConversionResult } from '../adapters/documents-store';
import { deleteObject, putPdf, readObject } from '../adapters/storage/objects';
import { printHtml } from '../adapters/renderer/print';
import { isAcceptedUpload } from '../adapters/upload-grants';
import {
  CONVERSION_MESSAGES,
  ConversionFailure,
  FILE_MAX_BYTES,
  asError,
  convertToPdf,
  convertedKey,
  decodeEventKey,
  parseUploadKey,
  type UploadRef,
} from '../domain/documents';

type S3Record = S3Event['Records'][number];

export async function convertRecord(record: S3Record, now: () => Date = () => new Date()): Promise<'converted' | 'failed' | 'skipped'> {
  const cfg = config();
  if (record.s3.bucket.name !== cfg.uploadsBucket) return 'skipped';
  const key = decodeEventKey(record.s3.object.key);
  const ref = key ? parseUploadKey(key) : undefined;
  if (!key || !ref) {
    log.warn('upload key outside the layout ignored', { key: record.s3.object.key.slice(0, 300) });
    return 'skipped';
  }
  // An object the server never issued this key for (a policy not enforced, a key guessed or reused) is nobody's document.
  if (!(await isAcceptedUpload(ref, now()))) {
    log.warn('upload under a key the server never issued ignored', { key });
    return 'skipped';
  }
  const claim = await claimConversion(ref.sub, ref.answerKey, key, Number(record.s3.object.size) || 0, now());
  if (!claim.claimed) return 'skipped';

  const result = await convert(cfg.uploadsBucket, cfg.documentsBucket, key, ref, claim.fileName);
  const recorded = await finishConversion(ref.sub, ref.answerKey, { fileKey: key, claimedAt: claim.claimedAt }, result, now());
  if (!recorded && result.status === 'COMPLETED') await dropOrphan(ref, result.convertedKey);
  return result.status === 'COMPLETED' ? 'converted' : 'failed';
}

async function convert(uploads: string, documents: string, key: string, ref: UploadRef, fileName: string): Promise<ConversionResult> {
  try {
    const read = await readObject(uploads, key, FILE_MAX_BYTES);
    if (read.kind === 'missing') return { status: 'FAILED', message: CONVERSION_MESSAGES.failed };
    if (read.kind === 'tooLarge') return { status: 'FAILED', message: CONVERSION_MESSAGES.tooLarge };
    const { pdf } = await convertToPdf(read.bytes, (html) => printHtml(html), fileName || undefined);
    const output = convertedKey(ref);
    await putPdf(documents, output, pdf);
    return { status: 'COMPLETED', convertedKey: output };
  } catch (thrown) {
    if (thrown instanceof ConversionFailure) {
      log.info('upload refused', { key, reason: thrown.reason, detail: thrown.detail });
      return { status: 'FAILED', message: thrown.message };
    }
    log.error('conversion crashed', { key, error: asError(thrown) });
    return { status: 'FAILED', message: CONVERSION_MESSAGES.failed };
  }
}

/** This run lost its claim (replaced upload, deleted answer): its output is nobody's unless the winner wrote the same key. */
async function dropOrphan(ref: UploadRef, output: string): Promise<void> {
  const current = await readDocument(ref.sub, ref.answerKey);
  if (current?.converted_key === output || (current?.status === 'IN_PROGRESS' && current.file_key.endsWith(ref.uploadId))) return;
  await deleteObject(config().documentsBucket, output);
}

export async function handler(event: S3Event, _context?: Context): Promise<{ converted: number; failed: number; skipped: number }> {
  const counts = { converted: 0, failed: 0, skipped: 0 };
  let firstError: unknown;
  for (const record of event.Records ?? []) {
    try {
      counts[await convertRecord(record)] += 1;
    } catch (error) {
      log.error('conversion record failed', { error: asError(error) });
      firstError ??= error;
    }
  }
  // Table unavailable: Lambda's async retry runs the event again; finished records are then skipped.
  if (firstError) throw firstError;
  return counts;
}
