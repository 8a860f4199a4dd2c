/**
 * Recommendations in the status table (docs/decisions.md says why not a table of their own):
 *
 *   pk=recommendations#<sub> sk=rec#<id> the record (attribute `rec`) and its `version`: the one
 *                                        mutable item, every write conditional on the version read;
 *                                        not in the applicant's partition, so the recommender's
 *                                        functions are granted these partitions alone (keys.ts)
 *   pk=rec#<id>             sk=rec        the id's owner (sub): the converter and the office find a
 *                                        recommendation from the id in an object key or a path
 *   pk=rectoken#<sha256>    sk=token      a link token's hash → sub and id (the record lists the
 *                                        hashes that still work, so cancelling kills them at once,
 *                                        and in `issuedTokenHashes` every one it ever wrote, which
 *                                        the erasure deletes: erasure-store.ts)
 *   pk=rec-due#<YYYY-MM-DD>  sk=<sub>#<id> the day the link expires: what the daily sweep reads
 *
 * Every read is strongly consistent: no index stands between a cancel and the next look-up.
 * The pointer items are written before the record, never changed, and mean nothing without it.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { withIssuedHashes, type RecommendationRecord, type RecommendationStore } from '#domain/ports/recommendations';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK, conditional, epochSeconds, isConditionalFailure, recommendationDuePk, recommendationIdPk, recommendationTokenPk, recommendationsPk } from './keys';
import { allItems } from './pages';

const REC = 'rec#';
const recordSk = (id: string) => `${REC}${id}`;
// Exported for the erasure (./erasure-store.ts), which deletes a recommendation's pointers.
export const idPk = recommendationIdPk;
export const tokenPk = recommendationTokenPk;
export const duePk = recommendationDuePk;
/** Pointer items outlive the longest link by this much, then DynamoDB's TTL removes them. */
const POINTER_GRACE_SECONDS = 400 * 24 * 60 * 60;

const table = () => config().statusTable;

function recordOf(item: Record<string, unknown> | undefined): RecommendationRecord | undefined {
  const rec = item?.rec as RecommendationRecord | undefined;
  return rec && typeof rec.id === 'string' && typeof item?.version === 'number' ? { ...rec, version: item.version } : undefined;
}

export async function readRecommendation(sub: string, id: string): Promise<RecommendationRecord | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: { pk: recommendationsPk(sub), sk: recordSk(id) }, ConsistentRead: true }));
  return recordOf(out.Item);
}

export async function listRecommendations(sub: string): Promise<RecommendationRecord[]> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rec)',
      ExpressionAttributeValues: { ':pk': recommendationsPk(sub), ':rec': REC },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? [])
    .map((item) => recordOf(item))
    .filter((r): r is RecommendationRecord => r !== undefined)
    .sort((a, b) => a.invitedAt.localeCompare(b.invitedAt));
}

async function pointer(pk: string, sk: string): Promise<Record<string, unknown> | undefined> {
  return (await dynamoClient().send(new GetCommand({ TableName: table(), Key: { pk, sk }, ConsistentRead: true }))).Item;
}

export async function findByTokenHash(hash: string): Promise<RecommendationRecord | undefined> {
  const item = await pointer(tokenPk(hash), SK.token);
  if (typeof item?.sub !== 'string' || typeof item.id !== 'string') return undefined;
  return readRecommendation(item.sub, item.id);
}

export async function findById(id: string): Promise<RecommendationRecord | undefined> {
  const item = await pointer(idPk(id), 'rec');
  return typeof item?.sub === 'string' ? readRecommendation(item.sub, id) : undefined;
}

async function putPointer(item: Record<string, unknown>, expires: string): Promise<void> {
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: { ...item, expiresAt: epochSeconds(new Date(expires)) + POINTER_GRACE_SECONDS } }));
}

const putToken = (record: RecommendationRecord, hash: string) =>
  putPointer({ pk: tokenPk(hash), sk: SK.token, sub: record.sub, id: record.id }, record.expiresAt);

export async function createRecommendation(created: RecommendationRecord): Promise<void> {
  const record = withIssuedHashes(created);
  await Promise.all([
    putPointer({ pk: idPk(record.id), sk: 'rec', sub: record.sub }, record.expiresAt),
    putPointer({ pk: duePk(record.expiresAt.slice(0, 10)), sk: `${record.sub}#${record.id}`, sub: record.sub, id: record.id }, record.expiresAt),
    ...record.tokenHashes.map((hash) => putToken(record, hash)),
  ]);
  const { version, ...rec } = record;
  await dynamoClient().send(
    new PutCommand({
      TableName: table(),
      Item: { pk: recommendationsPk(record.sub), sk: recordSk(record.id), version, rec },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** The record if still at its version, then its pointers, which name the applicant and nothing else points to once it is gone. */
export async function deleteRecommendation(record: RecommendationRecord): Promise<void> {
  const deleted = await conditional(() =>
    dynamoClient().send(
      new DeleteCommand({
        TableName: table(),
        Key: { pk: recommendationsPk(record.sub), sk: recordSk(record.id) },
        ConditionExpression: 'version = :version',
        ExpressionAttributeValues: { ':version': record.version },
      }),
    ),
  );
  if (!deleted) return;
  const pointers = [
    { pk: idPk(record.id), sk: 'rec' },
    { pk: duePk(record.expiresAt.slice(0, 10)), sk: `${record.sub}#${record.id}` },
    ...withIssuedHashes(record).issuedTokenHashes.map((hash) => ({ pk: tokenPk(hash), sk: SK.token })),
  ];
  await Promise.all(pointers.map((Key) => dynamoClient().send(new DeleteCommand({ TableName: table(), Key }))));
}

export async function updateRecommendation(updated: RecommendationRecord, options: { newTokenHash?: string } = {}): Promise<boolean> {
  // Made findable first, then listed by the record's write; that write is refused if an erasure
  // deleted the record meanwhile, and one that listed the older version deletes it only at that
  // version (erasure-store.ts), so it lists again and finds the new pointer.
  const record = withIssuedHashes(updated, options.newTokenHash);
  if (options.newTokenHash) await putToken(record, options.newTokenHash);
  const { version, ...rec } = record;
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: table(),
        Item: { pk: recommendationsPk(record.sub), sk: recordSk(record.id), version, rec },
        ConditionExpression: 'version = :previous',
        ExpressionAttributeValues: { ':previous': version - 1 },
      }),
    );
    return true;
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    // The record changed or is gone (an account deleted meanwhile): the link made findable first
    // for this write is taken back, so no pointer to the applicant outlives their recommendation.
    if (options.newTokenHash) await dynamoClient().send(new DeleteCommand({ TableName: table(), Key: { pk: tokenPk(options.newTokenHash), sk: SK.token } }));
    return false;
  }
}

export async function listExpiringBetween(fromDay: string, toDay: string): Promise<RecommendationRecord[]> {
  const days: string[] = [];
  for (let t = Date.parse(`${fromDay}T00:00:00Z`); t <= Date.parse(`${toDay}T00:00:00Z`); t += 24 * 60 * 60 * 1000)
    days.push(new Date(t).toISOString().slice(0, 10));
  const found: RecommendationRecord[] = [];
  for (const day of days) {
    const due = allItems((from) =>
      dynamoClient().send(
        new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': duePk(day) }, ...from }),
      ),
    );
    for await (const item of due) {
      if (typeof item.sub !== 'string' || typeof item.id !== 'string') continue;
      const record = await readRecommendation(item.sub, item.id);
      if (record) found.push(record);
    }
  }
  return found;
}

/** The application's reference ('' until submitted) and the cycle it was submitted in: the `Recommendation Submitted` event names them. */
export async function readReference(sub: string): Promise<{ reference: string; cycle?: string }> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: config().answersTable,
      Key: { pk: sub, sk: SK.answers },
      ProjectionExpression: '#r, #c',
      ExpressionAttributeNames: { '#r': 'reference', '#c': 'cycle' },
    }),
  );
  const item = out.Item ?? {};
  return { reference: typeof item.reference === 'string' ? item.reference : '', ...(typeof item.cycle === 'string' ? { cycle: item.cycle } : {}) };
}

export const recommendationStore: RecommendationStore = {
  listRecommendations,
  readRecommendation,
  findByTokenHash,
  findById,
  createRecommendation,
  deleteRecommendation,
  updateRecommendation,
  listExpiringBetween,
};
