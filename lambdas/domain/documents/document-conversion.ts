/**
 * An applicant's uploaded document converted to PDF (the uploads bucket's event). Every upload
 * ends in one recorded outcome: COMPLETED with a PDF under converted/, or FAILED with a message
 * the applicant can act on. A file that cannot become a PDF fails at once. A run that breaks for
 * a reason of ours hands the upload back and throws, so the event's retry converts it again; the
 * last attempt records FAILED, so nothing stays IN_PROGRESS. Replays and outdated events change
 * nothing. A run for an applicant whose account is closed meanwhile deletes what it wrote (its
 * PDF and the document's item: data-rights/late-writes.ts) and answers 'withdrawn'.
 */
import { takenBackIfErased, type ApplicantWrites } from '../data-rights/late-writes';
import { refreshCompleteness, type CompletenessPorts } from '../materials/completeness';
import type { DocumentItem } from '../ports/answers';
import type { LateWritePorts, RelatedItem } from '../ports/erasure';
import { SUPPLEMENT_PREFIX } from '../ports/keys';
import type { JobLog } from '../ports/log';
import { runConversion, type ConversionResult, type ConversionRunPorts } from './conversion-run';
import { CONVERSION_MESSAGES } from './files';
import { convertedKey, parseUploadKey, type UploadRef } from './keys';

/** The first run and Lambda's two retries of an asynchronous invoke (lib/documents.ts). */
export const MAX_CONVERSION_ATTEMPTS = 3;

/** The converter's hold on an upload: who holds it since when, and which attempt this is. */
export type Claim = { claimed: true; claimedAt: string; fileName: string; attempts: number } | { claimed: false };
export interface HeldUpload {
  fileKey: string;
  claimedAt: string;
}

export interface DocumentConversionPorts extends ConversionRunPorts {
  /** Whether the server issued this key (a grant, or the document's stored upload). */
  isAcceptedUpload(ref: UploadRef, now: Date): Promise<boolean>;
  /** Takes the upload's conversion: not claimed for a replay, an outdated event or a live run elsewhere. */
  claim(sub: string, answerKey: string, fileKey: string, fileSize: number, now: Date): Promise<Claim>;
  /** Hands the upload back for the event's retry. */
  release(sub: string, answerKey: string, held: HeldUpload, now: Date): Promise<unknown>;
  /** Records the outcome, only while this run still holds the claim (false otherwise). */
  finish(sub: string, answerKey: string, held: HeldUpload, result: ConversionResult, now: Date): Promise<boolean>;
  readDocument(sub: string, answerKey: string): Promise<DocumentItem | undefined>;
  deletePdf(key: string): Promise<void>;
  /** The document's item in the adapters' key scheme. */
  documentItem(sub: string, answerKey: string): RelatedItem;
  lateWrites: LateWritePorts;
  /** The application's record and marks: a material added after submission may complete it (materials/completeness.ts). */
  completeness: CompletenessPorts;
  log: JobLog;
  now(): Date;
}

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

export type DocumentConversionOutcome = 'converted' | 'failed' | 'skipped' | 'withdrawn';

/** Converts the upload at `key` (already decoded from the event) of `size` bytes. */
export async function convertDocument(ports: DocumentConversionPorts, key: string, size: number): Promise<DocumentConversionOutcome> {
  const ref = parseUploadKey(key);
  if (!ref) {
    ports.log.warn('upload key outside the layout ignored', { key: key.slice(0, 300) });
    return 'skipped';
  }
  // An object the server never issued this key for (a policy not enforced, a key guessed or reused) is nobody's document.
  if (!(await ports.isAcceptedUpload(ref, ports.now()))) {
    ports.log.warn('upload under a key the server never issued ignored', { key });
    return 'skipped';
  }
  const claim = await ports.claim(ref.sub, ref.answerKey, key, size, ports.now());
  if (!claim.claimed) return 'skipped';
  // From the claim on this run writes for the applicant: if their account was closed meanwhile,
  // the deletion may have listed before these writes, so they are taken back here (after them).
  const writes: ApplicantWrites = {
    sub: ref.sub,
    objects: [{ bucket: 'documents', key: convertedKey(ref) }],
    items: [ports.documentItem(ref.sub, ref.answerKey)],
  };
  return takenBackIfErased(ports.lateWrites, writes, () => convertClaimed(ports, key, ref, claim));
}

async function convertClaimed(
  ports: DocumentConversionPorts,
  key: string,
  ref: UploadRef,
  claim: Extract<Claim, { claimed: true }>,
): Promise<'converted' | 'failed'> {
  const held: HeldUpload = { fileKey: key, claimedAt: claim.claimedAt };
  const run = await runConversion(ports, key, convertedKey(ref), claim.fileName);
  let result: ConversionResult;
  if (run.status === 'INTERRUPTED') {
    ports.log.error('conversion interrupted', { key, attempt: claim.attempts, error: run.error });
    if (claim.attempts < MAX_CONVERSION_ATTEMPTS) {
      await ports.release(ref.sub, ref.answerKey, held, ports.now());
      throw new ConversionInterrupted(key, claim.attempts, run.error);
    }
    result = { status: 'FAILED', message: CONVERSION_MESSAGES.failed };
  } else {
    if (run.status === 'FAILED' && run.refused) ports.log.info('upload refused', { key, ...run.refused });
    result = run.status === 'COMPLETED' ? run : { status: 'FAILED', message: run.message };
  }
  const recorded = await ports.finish(ref.sub, ref.answerKey, held, result, ports.now());
  if (!recorded && result.status === 'COMPLETED') await dropOrphan(ports, ref, result.convertedKey);
  if (recorded && result.status === 'COMPLETED' && ref.answerKey.startsWith(SUPPLEMENT_PREFIX)) await completenessAfter(ports, ref);
  return result.status === 'COMPLETED' ? 'converted' : 'failed';
}

/**
 * The office's list learns that a material added after submission arrived. The conversion is
 * recorded already (a retry of the event would find nothing to claim), so a failure here is
 * logged, not thrown: the flag follows at the next mark.
 */
async function completenessAfter(ports: DocumentConversionPorts, ref: UploadRef): Promise<void> {
  try {
    await refreshCompleteness(ports.completeness, ref.sub, ports.now());
  } catch (error) {
    ports.log.warn('completeness not refreshed after a material arrived', { answerKey: ref.answerKey, error: String(error) });
  }
}

/** This run lost its claim (replaced upload, deleted answer): its output is nobody's unless the winner wrote the same key. */
async function dropOrphan(ports: DocumentConversionPorts, ref: UploadRef, output: string): Promise<void> {
  const current = await ports.readDocument(ref.sub, ref.answerKey);
  if (current?.converted_key === output || (current?.status === 'IN_PROGRESS' && current.file_key.endsWith(ref.uploadId))) return;
  await ports.deletePdf(output);
}
