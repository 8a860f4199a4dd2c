/**
 * Where a letter lives: the key carries the recommendation's id (server-chosen, random) and an
 * upload id, never anything the applicant or the recommender typed.
 *
 *   uploads bucket:   recommendations/{id}/{upload_id}
 *   documents bucket: recommendations/{id}/{upload_id}.pdf
 */
import { newUploadId } from '../documents/keys';
import { NotFound } from '../errors';

export const LETTER_PREFIX = 'recommendations/';
const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const LETTER_KEY = new RegExp(`^${LETTER_PREFIX}(${ID})/([0-9a-f]{12}-[0-9a-f]{20})$`);

export interface LetterRef {
  id: string;
  uploadId: string;
}

export const isRecommendationId = (id: string): boolean => new RegExp(`^${ID}$`).test(id);

export function newLetterKey(id: string, now: Date): string {
  return `${LETTER_PREFIX}${id}/${newUploadId(now)}`;
}

export function parseLetterKey(key: string): LetterRef | undefined {
  const m = LETTER_KEY.exec(key);
  return m ? { id: m[1] as string, uploadId: m[2] as string } : undefined;
}

export const letterPdfKey = (ref: LetterRef): string => `${LETTER_PREFIX}${ref.id}/${ref.uploadId}.pdf`;

/** A recommendation id from a path: anything else names no recommendation (404, not a 500). */
export function parseRecommendationId(raw: string | undefined): string {
  if (typeof raw !== 'string' || !isRecommendationId(raw)) throw new NotFound('There is no such recommendation.');
  return raw;
}
