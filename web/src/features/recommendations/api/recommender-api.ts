import { call } from '#web/lib/api-client';
import { sendToBucket } from '#web/lib/upload';

/** What the link shows: whom the letter is for, the role, the waiver and until when the link works. */
export const readRecommendationRequest = (token: string, signal?: AbortSignal) => call('readRecommendationRequest', { query: { token }, signal });

/** The letter's conversion: NOT_ANSWERED before an upload, then as the form's documents. */
export const readLetterStatus = (token: string) => call('readLetterStatus', { query: { token } });

/** The letter to the bucket on a grant tied to this link; what the submit then names. */
export async function uploadLetter(token: string, file: File): Promise<{ fileKey: string; fileName: string }> {
  const grant = await call('grantLetterUpload', { body: { token } });
  await sendToBucket(grant, file);
  return { fileKey: grant.fields.key ?? '', fileName: file.name };
}

export interface LetterDetails {
  file_key: string;
  file_name: string;
  relationship: string;
  known_since: string;
  comments: string;
}

export const submitRecommendation = (token: string, details: LetterDetails) => call('submitRecommendation', { body: { token, ...details } });
export const declineRecommendation = (token: string, reason: string) => call('declineRecommendation', { body: { token, reason } });
