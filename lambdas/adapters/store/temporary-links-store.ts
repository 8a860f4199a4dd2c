/**
 * The office's ledger of temporary links, in the status table: pk=temporary-links sk=link#<id>
 * (ids sort by issue time, so one query reads newest first). Each line keeps the key of its
 * token's item (token#<sha256>, never the token), so a revocation deletes that item and the link
 * stops working at once.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { TemporaryLinkPage, TemporaryLinkRecord } from '#domain/ports/temporary-links';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { isConditionalFailure, SK, TEMPORARY_LINKS_PK as PK } from './keys';
import { tokenPk } from './tokens-store';

const skOf = (id: string) => `link#${id}`;

function recordOf(item: Record<string, unknown>): TemporaryLinkRecord | undefined {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const id = text(item.id);
  const issuedAt = text(item.issuedAt);
  const issuedBy = text(item.issuedBy);
  const expiresAt = text(item.linkExpiresAt);
  if (!id || !issuedAt || !issuedBy || !expiresAt) return undefined;
  const record: TemporaryLinkRecord = {
    id,
    issuedAt,
    issuedBy,
    expiresAt,
    keys: Array.isArray(item.keys) ? item.keys.filter((k): k is string => typeof k === 'string') : [],
  };
  for (const field of ['recipientName', 'recipientEmail', 'openedAt', 'revokedAt', 'revokedBy'] as const) {
    const value = text(item[field]);
    if (value) record[field] = value;
  }
  return record;
}

export async function recordLink(record: TemporaryLinkRecord, token: string): Promise<void> {
  // The link's expiry is `linkExpiresAt`, not the table's TTL attribute: the office still sees an expired link in its list.
  const { expiresAt, ...rest } = record;
  await dynamoClient().send(
    new PutCommand({
      TableName: config().statusTable,
      Item: { pk: PK, sk: skOf(record.id), ...rest, linkExpiresAt: expiresAt, tokenPk: tokenPk(token) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

export async function listLinks(limit: number, after?: string): Promise<TemporaryLinkPage> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: config().statusTable,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': PK },
      ScanIndexForward: false,
      Limit: limit,
      ...(after ? { ExclusiveStartKey: { pk: PK, sk: skOf(after) } } : {}),
    }),
  );
  const items = (out.Items ?? []).map(recordOf).filter((r): r is TemporaryLinkRecord => !!r);
  const last: unknown = out.LastEvaluatedKey?.sk;
  return typeof last === 'string' ? { items, next: last.slice('link#'.length) } : { items };
}

async function readItem(id: string): Promise<Record<string, unknown> | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: PK, sk: skOf(id) }, ConsistentRead: true }));
  return out.Item;
}

export async function readLink(id: string): Promise<TemporaryLinkRecord | undefined> {
  const item = await readItem(id);
  return item ? recordOf(item) : undefined;
}

export async function revokeLink(id: string, revokedBy: string, now: Date): Promise<boolean> {
  const item = await readItem(id);
  if (!item || item.revokedAt !== undefined) return false;
  // The token first: should the mark fail, a retry finds the link unrevoked and ends nothing twice.
  if (typeof item.tokenPk === 'string') {
    await dynamoClient().send(new DeleteCommand({ TableName: config().statusTable, Key: { pk: item.tokenPk, sk: SK.token } }));
  }
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: PK, sk: skOf(id) },
        UpdateExpression: 'SET revokedAt = :at, revokedBy = :by',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':at': now.toISOString(), ':by': revokedBy },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export async function markLinkOpened(id: string, now: Date): Promise<void> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: PK, sk: skOf(id) },
        UpdateExpression: 'SET openedAt = :at',
        // Never creates a line, and keeps the first opening.
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(openedAt)',
        ExpressionAttributeValues: { ':at': now.toISOString() },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}
