/**
 * The application PDF's render state in the answers table (see store/keys.ts):
 *   pk=<sub> sk=pdf  status, the version of the content it printed, its object key, the claim
 *                    of the render running and when a render was last asked for
 *
 * Every change is one conditional write: of any number of requests at once exactly one asks for
 * a render, and of any number of jobs exactly one renders (dynalite has no transactions).
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { RENDER_REQUEST_GAP_MS, RENDER_REQUEST_INTERVAL_MS, type PdfState } from '#domain/documents/application-pdf';
import type { PdfResult } from '#domain/documents/render-job';
import { CLAIM_LEASE_MS, type DocumentStatus } from '#domain/documents/status';
import { config } from '#lambdas/config';
import { dynamoClient } from './clients';
import { conditional } from './store/keys';

export const PDF_SK = 'pdf';

const table = () => config().answersTable;

/** The record's attributes a PdfState is read from, besides its status. */
const PDF_STATE_FIELDS = [
  ['source_version', 'sourceVersion'],
  ['object_key', 'objectKey'],
  ['applicant_key', 'applicantObjectKey'],
  ['applicant_language', 'applicantLanguage'],
  ['message', 'message'],
  ['claimedAt', 'claimedAt'],
  ['updatedAt', 'updatedAt'],
] as const;

/**
 * What every read of the record projects (`#s` names its status), made from the list asPdfState
 * reads: a read with its own list once left out the applicant's copy (issue 41), so GET /api/pdf
 * took every PDF for one printed in English and asked for it again, forever.
 */
export const PDF_STATE_PROJECTION = ['#s', ...PDF_STATE_FIELDS.map(([attr]) => attr)].join(', ');

/** The application PDF's record alone (one GetItem): the cheap read for polls. */
export async function readPdfState(sub: string): Promise<PdfState | undefined> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: table(),
      Key: { pk: sub, sk: PDF_SK },
      ProjectionExpression: PDF_STATE_PROJECTION,
      ExpressionAttributeNames: { '#s': 'status' },
      ConsistentRead: true,
    }),
  );
  return out.Item ? asPdfState(out.Item) : undefined;
}

export function asPdfState(item: Record<string, unknown>): PdfState {
  const state: PdfState = { status: (typeof item.status === 'string' ? item.status : 'UNPROCESSED') as DocumentStatus };
  for (const [attr, field] of PDF_STATE_FIELDS) {
    const v = item[attr];
    if (typeof v === 'string') state[field] = v;
  }
  return state;
}

/** One conditional write to the applicant's PDF record (`#s` names its status): whether the condition let it through. */
async function updatePdf(sub: string, update: string, condition: string, values: Record<string, unknown>): Promise<boolean> {
  const done = await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: sub, sk: PDF_SK },
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: values,
      }),
    ),
  );
  return done !== undefined;
}

/** No render running, or only one whose claim has expired; its values from `busyOrFreeValues`. */
const busyOrFree = 'attribute_not_exists(pk) OR #s <> :busy OR attribute_not_exists(claimedAt) OR claimedAt < :stale';
const busyOrFreeValues = (now: Date) => ({ ':busy': 'IN_PROGRESS', ':stale': new Date(now.getTime() - CLAIM_LEASE_MS).toISOString() });
/** No request for this content within the interval, nor for any content within the gap (see RENDER_REQUEST_INTERVAL_MS). */
const notAskedLately =
  'attribute_not_exists(requestedAt) OR requestedAt < :lately OR ((attribute_not_exists(requested_version) OR requested_version < :v) AND requestedAt < :gap)';

/**
 * Marks a render as wanted for the content of `version`, unless one is running, this content was
 * already asked for within the request interval, or any was within the gap: one conditional write, so of any number of
 * requests at once exactly one wins. Returns whether this request won (and must start the render).
 */
export async function markPdfRequested(sub: string, version: string, now: Date = new Date()): Promise<boolean> {
  return updatePdf(
    sub,
    'SET #s = :waiting, updatedAt = :at, requestedAt = :at, requested_version = :v ADD render_requests :one REMOVE message',
    `(${busyOrFree}) AND (${notAskedLately})`,
    {
      ...busyOrFreeValues(now),
      ':waiting': 'UNPROCESSED',
      ':at': now.toISOString(),
      ':v': version,
      ':one': 1,
      ':lately': new Date(now.getTime() - RENDER_REQUEST_INTERVAL_MS).toISOString(),
      ':gap': new Date(now.getTime() - RENDER_REQUEST_GAP_MS).toISOString(),
    },
  );
}

/** One render at a time per applicant; a dead render's claim expires. */
export async function claimPdfRender(sub: string, jobId: string, now: Date = new Date()): Promise<string | undefined> {
  const at = now.toISOString();
  // render_attempts counts every Chromium render started (tests and operators read it).
  const claimed = await updatePdf(sub, 'SET #s = :busy, claimedAt = :at, job_id = :job, updatedAt = :at ADD render_attempts :one', busyOrFree, {
    ...busyOrFreeValues(now),
    ':at': at,
    ':job': jobId,
    ':one': 1,
  });
  return claimed ? at : undefined;
}

export async function finishPdfRender(sub: string, jobId: string, result: PdfResult, now: Date = new Date()): Promise<boolean> {
  const values: Record<string, unknown> = { ':job': jobId, ':s': result.status, ':v': result.sourceVersion, ':at': now.toISOString() };
  let update = 'SET #s = :s, source_version = :v, updatedAt = :at';
  if (result.status === 'COMPLETED') {
    values[':k'] = result.objectKey;
    values[':p'] = result.pages;
    // The applicant's copy in their language (issue 41), or none: an earlier one is no longer theirs.
    if (result.applicantObjectKey && result.applicantLanguage) {
      values[':ak'] = result.applicantObjectKey;
      values[':al'] = result.applicantLanguage;
      update += ', object_key = :k, pages = :p, applicant_key = :ak, applicant_language = :al REMOVE message, claimedAt, job_id';
    } else update += ', object_key = :k, pages = :p REMOVE message, claimedAt, job_id, applicant_key, applicant_language';
  } else {
    values[':m'] = result.message;
    update += ', message = :m REMOVE claimedAt, job_id';
  }
  return updatePdf(sub, update, 'job_id = :job', values);
}
