/**
 * Object key layout. The server chooses every key, so an applicant can only ever name objects
 * under their own prefix, and a key read back from an event or a request is parsed strictly
 * (no `..`, no extra segments) before anything trusts the sub or question in it.
 *
 *   uploads bucket:   uploads/{sub}/{answer_key}/{upload_id}
 *   documents bucket: converted/{sub}/{answer_key}/{upload_id}.pdf
 *                     applications/{sub}/application.pdf          (the office's, in the institution's language)
 *                     applications/{sub}/application.{lang}.pdf   (the applicant's, in another language they chose)
 */
import { randomBytes } from 'node:crypto';

const SUB = '[A-Za-z0-9-]{1,128}';
const ANSWER_KEY = '[a-z][a-z0-9_]{0,63}';
/** Time-ordered (ms, hex) then random: a later upload's key sorts after an earlier one's. */
const UPLOAD_ID = '[0-9a-f]{12}-[0-9a-f]{20}';
const UPLOAD_KEY = new RegExp(`^uploads/(${SUB})/(${ANSWER_KEY})/(${UPLOAD_ID})$`);

export interface UploadRef {
  sub: string;
  answerKey: string;
  uploadId: string;
}

export function newUploadId(now: Date = new Date()): string {
  return `${now.getTime().toString(16).padStart(12, '0')}-${randomBytes(10).toString('hex')}`;
}

export function uploadPrefix(sub: string, answerKey: string): string {
  return `uploads/${sub}/${answerKey}/`;
}

export function uploadKey(ref: UploadRef): string {
  return `${uploadPrefix(ref.sub, ref.answerKey)}${ref.uploadId}`;
}

export function parseUploadKey(key: string): UploadRef | undefined {
  const m = UPLOAD_KEY.exec(key);
  if (!m) return undefined;
  return { sub: m[1] as string, answerKey: m[2] as string, uploadId: m[3] as string };
}

export function convertedKey(ref: UploadRef): string {
  return `converted/${ref.sub}/${ref.answerKey}/${ref.uploadId}.pdf`;
}

export function applicationPdfKey(sub: string): string {
  return `applications/${sub}/application.pdf`;
}

/** The applicant's own copy in their language (issue 41), beside the office's (the erasure deletes the folder). */
export function applicantPdfKey(sub: string, language: string): string {
  return `applications/${sub}/application.${language}.pdf`;
}

/**
 * S3 event keys are URL-encoded with spaces as '+' (s3rver's are re-encoded the same way by
 * the local stack): decoded here and nowhere else. Undecodable keys give undefined.
 */
export function decodeEventKey(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * The upload a request names, if it is the caller's own upload for this question: another
 * applicant's or another question's key is refused (403), a malformed one is unknown (404).
 */
export function ownUpload(sub: string, answerKey: string, fileKey: string): UploadRef | 'forbidden' | 'unknown' {
  if (!fileKey.startsWith(uploadPrefix(sub, answerKey))) return 'forbidden';
  const ref = parseUploadKey(fileKey);
  return ref && ref.sub === sub && ref.answerKey === answerKey ? ref : 'unknown';
}
