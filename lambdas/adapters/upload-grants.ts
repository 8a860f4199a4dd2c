/**
 * Upload grants: every key the server hands out in a presigned POST is recorded in the answers
 * table, and the converter and the attach route act only on keys granted to that applicant for
 * that question:
 *   pk=<sub> sk=upload#<upload_id>  answer_key, file_key, expiresAt (the table's TTL attribute)
 *
 * In AWS the POST policy already pins the key, but s3rver enforces no policy and anyone holding
 * write access to the bucket could place an object under an applicant's prefix: the product's
 * own record is what makes an object someone's document. Expired grants count as absent on
 * read (dynalite never deletes them; AWS TTL deletes lazily).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from './clients';
import { config } from '../config';
import { epochSeconds, isExpired } from './store/keys';
import { readDocument } from './documents-store';
import { uploadKey, type UploadRef } from '../domain/documents/keys';

/**
 * How long an issued key may still become a document: the POST policy's 5 minutes, plus the
 * converter's retries (its events may wait up to an hour, lib/documents.ts), with a margin.
 */
export const UPLOAD_GRANT_TTL_SECONDS = 2 * 60 * 60;

const grantSk = (uploadId: string) => `upload#${uploadId}`;

/** Records the key before the presigned POST is returned; never overwrites (upload ids are unique). */
export async function grantUpload(ref: UploadRef, now: Date = new Date()): Promise<void> {
  await dynamoClient().send(
    new PutCommand({
      TableName: config().answersTable,
      Item: {
        pk: ref.sub,
        sk: grantSk(ref.uploadId),
        answer_key: ref.answerKey,
        file_key: uploadKey(ref),
        issuedAt: now.toISOString(),
        expiresAt: epochSeconds(now) + UPLOAD_GRANT_TTL_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The server issued exactly this key to this applicant for this question, and the grant is still live. */
export async function isGranted(ref: UploadRef, now: Date = new Date()): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: config().answersTable, Key: { pk: ref.sub, sk: grantSk(ref.uploadId) }, ConsistentRead: true }),
  );
  const item = out.Item;
  return !!item && !isExpired(item, now) && item.answer_key === ref.answerKey && item.file_key === uploadKey(ref);
}

/**
 * An upload the product may act on: granted and live, or already the question's stored upload
 * (its grant may have expired since it was accepted; retries and renames still refer to it).
 */
export async function isAcceptedUpload(ref: UploadRef, now: Date = new Date()): Promise<boolean> {
  if (await isGranted(ref, now)) return true;
  return (await readDocument(ref.sub, ref.answerKey))?.file_key === uploadKey(ref);
}
