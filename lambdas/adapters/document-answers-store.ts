/**
 * Document answers in the answers table (see store/keys.ts):
 *   pk=<sub> sk=document#<key>  the current upload of a document question and its conversion
 * (the application PDF's item, sk=pdf, is application-pdf-store.ts's).
 *
 * Every state change is one conditional write, so replayed S3 events, racing requests and
 * takeovers after a dead job each leave exactly one outcome (dynalite has no transactions).
 * Upload ids sort by time, so "a newer upload" is `file_key > stored file_key`.
 */
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConversionResult } from '#domain/documents/conversion-run';
import type { Claim } from '#domain/documents/document-conversion';
import { CLAIM_LEASE_MS, type DocumentStatus } from '#domain/documents/status';
import type { DocumentItem } from '#domain/ports/answers';
import type { AttachOutcome, StoredFiles, UploadedFile } from '#domain/ports/documents';
import { config } from '#lambdas/config';
import { PDF_SK, PDF_STATE_PROJECTION, asPdfState } from './application-pdf-store';
import { dynamoClient } from './clients';
import { SK, conditional, isSupplementKey } from './store/keys';

export type { AttachOutcome, DocumentItem };

const table = () => config().answersTable;

function asDocument(item: Record<string, unknown> | undefined): DocumentItem | undefined {
  if (!item || typeof item.file_key !== 'string') return undefined;
  const doc: DocumentItem = {
    key: typeof item.key === 'string' ? item.key : String(item.sk).slice('document#'.length),
    file_key: item.file_key,
    file_name: typeof item.file_name === 'string' ? item.file_name : '',
    file_size: typeof item.file_size === 'number' ? item.file_size : 0,
    status: typeof item.status === 'string' ? item.status : 'UNPROCESSED',
    updatedAt: typeof item.updatedAt === 'string' ? item.updatedAt : '',
  };
  if (typeof item.message === 'string') doc.message = item.message;
  if (typeof item.converted_key === 'string') doc.converted_key = item.converted_key;
  return doc;
}

/** The item of one document answer, for a caller that must delete it by key (late-writes.ts). */
export const documentItemKey = (sub: string, key: string) => ({ pk: sub, sk: SK.document(key) });

export async function readDocument(sub: string, key: string): Promise<DocumentItem | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: { pk: sub, sk: SK.document(key) }, ConsistentRead: true }));
  return asDocument(out.Item);
}

export interface ApplicantDocuments extends StoredFiles {
  /** Materials added after submission, kept apart from the submitted documents. */
  supplements: DocumentItem[];
}

/** Documents, the PDF state and the answers' timestamps in one query. */
export async function readApplicantDocuments(sub: string): Promise<ApplicantDocuments> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': sub },
      // The PDF record's own attributes (status, message, updatedAt and claimedAt are the documents' too).
      ProjectionExpression: `sk, #k, file_key, file_name, file_size, converted_key, submittedAt, #r, ${PDF_STATE_PROJECTION}`,
      ExpressionAttributeNames: { '#k': 'key', '#s': 'status', '#r': 'reference' },
      ConsistentRead: true,
    }),
  );
  const result: ApplicantDocuments = { documents: [], supplements: [] };
  for (const item of out.Items ?? []) {
    if (item.sk === SK.answers) {
      if (typeof item.updatedAt === 'string') result.answersUpdatedAt = item.updatedAt;
      if (typeof item.submittedAt === 'string') result.submittedAt = item.submittedAt;
      if (typeof item.reference === 'string' && item.reference) result.reference = item.reference;
    } else if (item.sk === PDF_SK) {
      result.pdf = asPdfState(item);
    } else if (typeof item.sk === 'string' && item.sk.startsWith('document#')) {
      const doc = asDocument(item);
      if (doc) (isSupplementKey(doc.key) ? result.supplements : result.documents).push(doc);
    }
  }
  return result;
}

/**
 * Records the applicant's file for a question. The same upload as stored (its S3 event may
 * have arrived first) keeps its conversion status and gains its name; a newer upload replaces
 * the answer and waits for its conversion; an older one is refused.
 */
export async function attachUpload(sub: string, key: string, upload: UploadedFile, now: Date = new Date()): Promise<AttachOutcome> {
  // Two rounds: the converter may create the item between this request's two conditional writes.
  for (let round = 0; round < 2; round++) {
    const outcome = await attachOnce(sub, key, upload, now);
    if (outcome.kind === 'attached') return outcome;
  }
  return { kind: 'superseded' };
}

async function attachOnce(sub: string, key: string, upload: UploadedFile, now: Date): Promise<AttachOutcome> {
  const Key = { pk: sub, sk: SK.document(key) };
  const at = now.toISOString();
  const same = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key,
        UpdateExpression: 'SET file_name = :n',
        ConditionExpression: 'file_key = :fk',
        ExpressionAttributeValues: { ':n': upload.fileName, ':fk': upload.fileKey },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (same) return { kind: 'attached', document: asDocument(same.Attributes) as DocumentItem };
  const replaced = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key,
        UpdateExpression:
          'SET #k = :key, file_key = :fk, file_name = :n, file_size = :size, #s = :s, updatedAt = :at REMOVE message, converted_key, claimedAt, attempts',
        ConditionExpression: 'attribute_not_exists(pk) OR file_key < :fk',
        ExpressionAttributeNames: { '#k': 'key', '#s': 'status' },
        ExpressionAttributeValues: { ':key': key, ':fk': upload.fileKey, ':n': upload.fileName, ':size': upload.fileSize, ':s': 'UNPROCESSED', ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (replaced) return { kind: 'attached', document: asDocument(replaced.Attributes) as DocumentItem };
  return { kind: 'superseded' };
}

/** attempts counts the runs that have claimed this upload, this one included. */

/**
 * The converter takes an upload's conversion: the stored upload still waiting (or abandoned
 * by a dead run), or a newer upload than the stored one (its event beat the applicant's
 * attach request). Anything else is a replay or an outdated event: not claimed.
 */
export async function claimConversion(sub: string, key: string, fileKey: string, fileSize: number, now: Date = new Date()): Promise<Claim> {
  // Two rounds: the attach request may create the item between this run's two conditional writes.
  for (let round = 0; round < 2; round++) {
    const claim = await claimOnce(sub, key, fileKey, fileSize, now);
    if (claim.claimed) return claim;
  }
  return { claimed: false };
}

async function claimOnce(sub: string, key: string, fileKey: string, fileSize: number, now: Date): Promise<Claim> {
  const Key = { pk: sub, sk: SK.document(key) };
  const at = now.toISOString();
  const staleBefore = new Date(now.getTime() - CLAIM_LEASE_MS).toISOString();
  const waiting = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key,
        UpdateExpression: 'SET #s = :busy, claimedAt = :at, updatedAt = :at, file_size = :size ADD attempts :one',
        ConditionExpression: 'file_key = :fk AND (#s = :waiting OR (#s = :busy AND (attribute_not_exists(claimedAt) OR claimedAt < :stale)))',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':busy': 'IN_PROGRESS',
          ':waiting': 'UNPROCESSED',
          ':at': at,
          ':size': fileSize,
          ':fk': fileKey,
          ':stale': staleBefore,
          ':one': 1,
        },
        ReturnValues: 'ALL_NEW',
      }),
    ),
  );
  if (waiting) {
    return { claimed: true, claimedAt: at, fileName: String(waiting.Attributes?.file_name ?? ''), attempts: Number(waiting.Attributes?.attempts) || 1 };
  }
  const newer = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key,
        UpdateExpression:
          'SET #k = :key, file_key = :fk, file_name = :empty, file_size = :size, #s = :busy, claimedAt = :at, updatedAt = :at, attempts = :one REMOVE message, converted_key',
        ConditionExpression: 'attribute_not_exists(pk) OR file_key < :fk',
        ExpressionAttributeNames: { '#k': 'key', '#s': 'status' },
        ExpressionAttributeValues: { ':key': key, ':fk': fileKey, ':empty': '', ':size': fileSize, ':busy': 'IN_PROGRESS', ':at': at, ':one': 1 },
      }),
    ),
  );
  return newer ? { claimed: true, claimedAt: at, fileName: '', attempts: 1 } : { claimed: false };
}

/** Records the outcome, only if this run still holds the claim. */
export async function finishConversion(
  sub: string,
  key: string,
  claim: { fileKey: string; claimedAt: string },
  result: ConversionResult,
  now: Date = new Date(),
): Promise<boolean> {
  const values: Record<string, unknown> = {
    ':fk': claim.fileKey,
    ':claimedAt': claim.claimedAt,
    ':busy': 'IN_PROGRESS',
    ':s': result.status,
    ':at': now.toISOString(),
  };
  let update: string;
  if (result.status === 'COMPLETED') {
    values[':ck'] = result.convertedKey;
    update = 'SET #s = :s, converted_key = :ck, updatedAt = :at REMOVE message, claimedAt';
  } else {
    values[':m'] = result.message;
    update = 'SET #s = :s, message = :m, updatedAt = :at REMOVE converted_key, claimedAt';
  }
  const done = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: sub, sk: SK.document(key) },
        UpdateExpression: update,
        ConditionExpression: 'file_key = :fk AND #s = :busy AND claimedAt = :claimedAt',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: values,
      }),
    ),
  );
  return done !== undefined;
}

/**
 * A run that failed for a reason other than the file (storage unreachable, the browser crashed)
 * hands the upload back as waiting, attempts kept, so the retry of its event claims it again.
 */
export async function releaseConversion(sub: string, key: string, claim: { fileKey: string; claimedAt: string }, now: Date = new Date()): Promise<boolean> {
  const done = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: sub, sk: SK.document(key) },
        UpdateExpression: 'SET #s = :waiting, updatedAt = :at REMOVE claimedAt',
        ConditionExpression: 'file_key = :fk AND #s = :busy AND claimedAt = :claimedAt',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: {
          ':fk': claim.fileKey,
          ':claimedAt': claim.claimedAt,
          ':busy': 'IN_PROGRESS',
          ':waiting': 'UNPROCESSED',
          ':at': now.toISOString(),
        },
      }),
    ),
  );
  return done !== undefined;
}

/** DELETE of the conversion: the answer stays, its PDF is forgotten. Returns the PDF key to remove. */
export async function deleteConversion(sub: string, key: string, now: Date = new Date()): Promise<string | undefined> {
  const out = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: sub, sk: SK.document(key) },
        UpdateExpression: 'SET #s = :s, updatedAt = :at REMOVE converted_key, message, claimedAt, attempts',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':s': 'NOT_ANSWERED' satisfies DocumentStatus, ':at': now.toISOString() },
        ReturnValues: 'ALL_OLD',
      }),
    ),
  );
  const old: unknown = out?.Attributes?.converted_key;
  return typeof old === 'string' ? old : undefined;
}

/** DELETE of the document answer. Returns the removed item (its upload is deleted by the caller). */
export async function deleteDocument(sub: string, key: string): Promise<DocumentItem | undefined> {
  const out = await dynamoClient().send(new DeleteCommand({ TableName: table(), Key: { pk: sub, sk: SK.document(key) }, ReturnValues: 'ALL_OLD' }));
  return asDocument(out.Attributes);
}
