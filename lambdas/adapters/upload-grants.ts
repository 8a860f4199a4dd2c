/**
 * Upload grants: every key the server hands out in a presigned POST is recorded, and the
 * converter and the attach route act only on keys granted to that applicant for that question.
 * A grant is an attribute of the applicant's answers item:
 *   pk=<sub> sk=answers  upload#<upload_id> = { answer_key, file_key, issuedAt, expiresAt }
 * so that the write is conditional on the same submitted lock as the answers: no grant is
 * recorded after the application is submitted, however close the two requests are.
 *
 * In AWS the POST policy already pins the key, but s3rver enforces no policy and anyone holding
 * write access to the bucket could place an object under an applicant's prefix: the product's
 * own record is what makes an object someone's document. Expired grants count as absent and
 * are removed by the next grant, so the item stays small.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { uploadKey, type UploadRef } from '#domain/documents/keys';
import type { UploadGrants } from '#domain/ports/documents';
import { config } from '#lambdas/config';
import { dynamoClient } from './clients';
import { readDocument } from './document-answers-store';
import { SK, epochSeconds, isConditionalFailure, isExpired } from './store/keys';

/**
 * How long an issued key may still become a document: the POST policy's 5 minutes, plus the
 * converter's retries (its events may wait up to an hour, lib/documents.ts), with a margin.
 */
export const UPLOAD_GRANT_TTL_SECONDS = 2 * 60 * 60;

const GRANT_PREFIX = 'upload#';
const grantAttribute = (uploadId: string) => `${GRANT_PREFIX}${uploadId}`;

interface Grant {
  answer_key: string;
  file_key: string;
  issuedAt: string;
  expiresAt: number;
}

const isGrant = (value: unknown): value is Grant =>
  typeof value === 'object' && value !== null && typeof (value as Grant).file_key === 'string' && typeof (value as Grant).answer_key === 'string';

async function readGrants(sub: string): Promise<Array<[string, Grant]>> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: sub, sk: SK.answers }, ConsistentRead: true }));
  return Object.entries(out.Item ?? {}).filter((entry): entry is [string, Grant] => entry[0].startsWith(GRANT_PREFIX) && isGrant(entry[1]));
}

/**
 * Records the key before the presigned POST is returned, in one write conditional on the
 * application's state: a document of the application only before submission, a supplemental
 * material only after it; false when the state refused it (the use-case says what that means to
 * the applicant). Lapsed grants go in the same write.
 */
export async function grantUpload(ref: UploadRef, now: Date = new Date(), purpose: 'application' | 'supplement' = 'application'): Promise<boolean> {
  const lapsed = (await readGrants(ref.sub)).filter(([, grant]) => isExpired(grant, now)).map(([name]) => name);
  const names: Record<string, string> = { '#g': grantAttribute(ref.uploadId), '#s': 'submittedAt' };
  lapsed.forEach((name, i) => (names[`#x${i}`] = name));
  const grant: Grant = {
    answer_key: ref.answerKey,
    file_key: uploadKey(ref),
    issuedAt: now.toISOString(),
    expiresAt: epochSeconds(now) + UPLOAD_GRANT_TTL_SECONDS,
  };
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().answersTable,
        Key: { pk: ref.sub, sk: SK.answers },
        UpdateExpression: `SET #g = :g${lapsed.length ? ` REMOVE ${lapsed.map((_, i) => `#x${i}`).join(', ')}` : ''}`,
        ConditionExpression: purpose === 'application' ? 'attribute_not_exists(#s)' : 'attribute_exists(#s)',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':g': grant },
      }),
    );
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
  return true;
}

/** The server issued exactly this key to this applicant for this question, and the grant is still live. */
export async function isGranted(ref: UploadRef, now: Date = new Date()): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: config().answersTable,
      Key: { pk: ref.sub, sk: SK.answers },
      ProjectionExpression: '#g',
      ExpressionAttributeNames: { '#g': grantAttribute(ref.uploadId) },
      ConsistentRead: true,
    }),
  );
  const grant: unknown = out.Item?.[grantAttribute(ref.uploadId)];
  return isGrant(grant) && !isExpired(grant, now) && grant.answer_key === ref.answerKey && grant.file_key === uploadKey(ref);
}

/**
 * An upload the product may act on: granted and live, or already the question's stored upload
 * (its grant may have expired since it was accepted; retries and renames still refer to it).
 */
export async function isAcceptedUpload(ref: UploadRef, now: Date = new Date()): Promise<boolean> {
  if (await isGranted(ref, now)) return true;
  return (await readDocument(ref.sub, ref.answerKey))?.file_key === uploadKey(ref);
}

/** The file keys of an applicant's live grants. */
export async function readUploadGrants(sub: string, now: Date = new Date()): Promise<string[]> {
  return (await readGrants(sub)).filter(([, grant]) => !isExpired(grant, now)).map(([, grant]) => grant.file_key);
}

/** The upload grants as the upload use-cases see them (domain/ports/documents.ts). */
export const uploadGrants: UploadGrants = { grantUpload, isAcceptedUpload: (ref) => isAcceptedUpload(ref) };
