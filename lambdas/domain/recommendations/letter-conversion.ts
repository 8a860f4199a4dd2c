/**
 * A recommender's letter, converted to PDF by the form's own conversion (same file rules, same
 * messages) when it lands under recommendations/ in the uploads bucket. Only the key the link was
 * last granted becomes the letter; a replayed event or an older upload changes nothing. A run that
 * breaks for a reason of ours hands the letter back and throws, so the event's retry converts it
 * again; the last attempt records FAILED, so nothing stays IN_PROGRESS.
 *
 * The applicant's account may be erased while a letter converts. The conversion learns whose
 * letter it is from the recommendation's record, read before it writes anything, and its record
 * writes are conditional on the record's version (so none recreates a record the erasure deleted).
 * Its one unconditional write, the PDF, may land after the erasure listed recommendations/<id>/:
 * so once it has written, it checks the account as the other late writers do, with the applicant
 * it read at the start (the erasure deleting the record since changes nothing), and takes the PDF
 * back (data-rights/late-writes.ts).
 */
import { takenBackIfErased, type ApplicantWrites } from '../data-rights/late-writes';
import { runConversion, type ConversionRunPorts } from '../documents/conversion-run';
import { CONVERSION_MESSAGES } from '../documents/files';
import { leaseExpired } from '../documents/status';
import type { LateWritePorts } from '../ports/erasure';
import type { LetterFile, RecommendationRecord, RecommendationStore } from '../ports/recommendations';
import { letterPdfKey, parseLetterKey, type LetterRef } from './keys';
import { isOpen } from './rules';

export interface LetterConversionPorts extends ConversionRunPorts {
  store: Pick<RecommendationStore, 'findById' | 'updateRecommendation'>;
  now(): Date;
  /** Reads whether the applicant's account is closed or being erased, and deletes the PDF then. */
  lateWrites: LateWritePorts;
}

/** The first run and Lambda's two retries of the asynchronous invoke. */
export const LETTER_ATTEMPTS = 3;

export class LetterConversionInterrupted extends Error {
  constructor(key: string, cause: Error) {
    super(`conversion of ${key} interrupted: ${cause.message}`, { cause });
    this.name = 'LetterConversionInterrupted';
  }
}

const isCurrentGrant = (r: RecommendationRecord, key: string) => r.uploadGrant?.fileKey === key || r.letter?.fileKey === key;

/**
 * Converts one uploaded letter; 'skipped' for keys outside the layout, never granted, replayed or
 * claimed elsewhere; 'withdrawn' when the applicant's account was closed or erased meanwhile and
 * the PDF this run may have stored was deleted.
 */
export async function convertLetter(ports: LetterConversionPorts, key: string, size: number): Promise<'converted' | 'failed' | 'skipped' | 'withdrawn'> {
  const ref = parseLetterKey(key);
  if (!ref) return 'skipped';
  const record = await ports.store.findById(ref.id);
  if (!record || !isOpen(record.status) || !isCurrentGrant(record, key)) return 'skipped';
  const now = ports.now();
  const current = record.letter?.fileKey === key ? record.letter : undefined;
  if (current && (current.status === 'COMPLETED' || current.status === 'FAILED')) return 'skipped';
  if (current?.status === 'IN_PROGRESS' && !leaseExpired(current.updatedAt, now)) return 'skipped';
  // A newer upload already became the letter: this older one is nobody's.
  if (record.letter && record.letter.fileKey !== key && record.letter.fileKey > key) return 'skipped';
  const attempts = (current?.attempts ?? 0) + 1;
  const claimed: RecommendationRecord & { letter: LetterFile } = {
    ...record,
    letter: { fileKey: key, status: 'IN_PROGRESS', fileSize: size, updatedAt: now.toISOString(), attempts },
    version: record.version + 1,
  };
  if (!(await ports.store.updateRecommendation(claimed))) return 'skipped';

  // From the claim on, this run may store the PDF: after it (and after a throw), an account
  // closed or being erased meanwhile takes it back. The record's sub was read before any write.
  const writes: ApplicantWrites = { sub: record.sub, objects: [{ bucket: 'documents', key: letterPdfKey(ref) }], items: [] };
  return takenBackIfErased(ports.lateWrites, writes, () => convertClaimed(ports, ref, claimed, size, attempts));
}

/** The claimed letter converted and its outcome recorded; throws for the event's retry when interrupted before the last attempt. */
async function convertClaimed(
  ports: LetterConversionPorts,
  ref: LetterRef,
  claimed: RecommendationRecord & { letter: LetterFile },
  size: number,
  attempts: number,
): Promise<'converted' | 'failed'> {
  const key = claimed.letter.fileKey;
  const outcome = await runConversion(ports, key, letterPdfKey(ref));
  let letter: LetterFile;
  if (outcome.status === 'INTERRUPTED') {
    if (attempts < LETTER_ATTEMPTS) {
      await ports.store.updateRecommendation({
        ...claimed,
        letter: { ...claimed.letter, status: 'UNPROCESSED', updatedAt: ports.now().toISOString() },
        version: claimed.version + 1,
      });
      throw new LetterConversionInterrupted(key, outcome.error);
    }
    letter = { fileKey: key, status: 'FAILED', message: CONVERSION_MESSAGES.failed, fileSize: size, updatedAt: ports.now().toISOString(), attempts };
  } else if (outcome.status === 'COMPLETED') {
    letter = { fileKey: key, status: 'COMPLETED', convertedKey: outcome.convertedKey, fileSize: size, updatedAt: ports.now().toISOString(), attempts };
  } else {
    letter = { fileKey: key, status: 'FAILED', message: outcome.message, fileSize: size, updatedAt: ports.now().toISOString(), attempts };
  }
  // The recommender may have asked for a new key meanwhile (the record's version moved): keep the result if the letter is still this one.
  for (let tries = 0; tries < 3; tries++) {
    const latest = tries === 0 ? claimed : await ports.store.findById(ref.id);
    if (!latest || latest.letter?.fileKey !== key || latest.status === 'submitted') break;
    if (await ports.store.updateRecommendation({ ...latest, letter, version: latest.version + 1 })) break;
  }
  return letter.status === 'COMPLETED' ? 'converted' : 'failed';
}
