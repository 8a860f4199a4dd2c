/**
 * Converts an upload to PDF when it lands in the uploads bucket (S3 ObjectCreated; locally,
 * s3rver's events through the local stack): an applicant's document answer
 * (domain/documents/document-conversion.ts) or a recommender's letter
 * (domain/recommendations/letter-conversion.ts), each a use-case with its ports from
 * lambdas/wiring/conversion.ts. A crash in one record never fails the others. A run taken back
 * because the applicant's account was closed meanwhile counts as skipped. It only reads uploads:
 * an upload itself is the bucket's to expire (a day or two; lib/documents.ts, docs/data-rights.md).
 *
 * The I/O the conversion itself does is passed in (converterDependencies): the root wires the
 * real adapters, and fault tests run this same code with a failing one.
 */
import type { Context, S3Event } from 'aws-lambda';
import { log, withLogContext } from '#adapters/log';
import { asError } from '#domain/documents/conversion-error';
import { ConversionInterrupted, convertDocument } from '#domain/documents/document-conversion';
import { decodeEventKey } from '#domain/documents/keys';
import { LETTER_PREFIX } from '#domain/recommendations/keys';
import { convertLetter } from '#domain/recommendations/letter-conversion';
import { config } from '#lambdas/config';
import { converterDependencies, documentConversionPorts, letterConversionPorts, type ConverterDependencies } from '#wiring/conversion';

export { ConversionInterrupted, MAX_CONVERSION_ATTEMPTS } from '#domain/documents/document-conversion';

type S3Record = S3Event['Records'][number];

export async function convertRecord(record: S3Record, deps: ConverterDependencies = converterDependencies): Promise<'converted' | 'failed' | 'skipped'> {
  const cfg = config();
  if (record.s3.bucket.name !== cfg.uploadsBucket) return 'skipped';
  const key = decodeEventKey(record.s3.object.key);
  if (!key) {
    log.warn('upload key outside the layout ignored', { key: record.s3.object.key.slice(0, 300) });
    return 'skipped';
  }
  const size = Number(record.s3.object.size) || 0;
  // A recommender's letter: the same conversion, recorded on the recommendation.
  const outcome = key.startsWith(LETTER_PREFIX)
    ? await convertLetter(letterConversionPorts(deps), key, size)
    : await convertDocument(documentConversionPorts(deps), key, size);
  if (outcome !== 'withdrawn') return outcome;
  log.info('conversion taken back: the account was closed meanwhile', { key });
  return 'skipped';
}

export type ConversionCounts = { converted: number; failed: number; skipped: number };

/** The handler, with some of the conversion's I/O replaced (fault tests); the rest is the root's. */
export function conversionHandler(replaced: Partial<ConverterDependencies> = {}) {
  const deps = { ...converterDependencies, ...replaced };
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
