/**
 * What every machine call does with its client's record (the status table's `sis-clients`
 * partition, sis-clients-store.ts): read it, through a cache of at most a minute (config
 * `sisClientCacheSeconds`: a revocation reaches every warm Lambda within it), and mark its use.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SisClientRecord } from '#domain/ports/sis-clients';
import { isSisScope } from '#form/wire/sis';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, SIS_CLIENTS_PK as PK } from './keys';

export const sisClientSk = (id: string) => `client#${id}`;
const skOf = sisClientSk;
const table = () => config().statusTable;

export function recordOf(item: Record<string, unknown> | undefined): SisClientRecord | undefined {
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const id = text(item?.id);
  const name = text(item?.name);
  const createdAt = text(item?.createdAt);
  const secretHash = text(item?.secretHash);
  if (!item || !id || !name || !createdAt || !secretHash) return undefined;
  const scopes = Array.isArray(item.scopes) ? item.scopes.filter((s): s is string => typeof s === 'string').filter(isSisScope) : [];
  const record: SisClientRecord = { id, name, scopes, createdAt, secretHash };
  for (const field of ['expires', 'lastUsedAt', 'revokedAt'] as const) {
    const value = text(item[field]);
    if (value) record[field] = value;
  }
  return record;
}

export async function readClient(id: string): Promise<SisClientRecord | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: { pk: PK, sk: skOf(id) } }));
  return recordOf(out.Item);
}

/** Sets one of the client's times, if the client exists (and, with `once`, if that time was never set). */
export async function setClientTime(id: string, field: 'lastUsedAt' | 'revokedAt', at: string, once = false): Promise<void> {
  await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: PK, sk: skOf(id) },
        UpdateExpression: 'SET #f = :at',
        ConditionExpression: once ? 'attribute_exists(pk) AND attribute_not_exists(#f)' : 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#f': field },
        ExpressionAttributeValues: { ':at': at },
      }),
    ),
  );
}

export const markUsed = (id: string, at: string): Promise<void> => setClientTime(id, 'lastUsedAt', at);

const cache = new Map<string, { at: number; client: SisClientRecord | undefined }>();

/** A client's record as read within the last `sisClientCacheSeconds` (at most 60) by this container. */
export async function readClientCached(id: string, now: number = Date.now()): Promise<SisClientRecord | undefined> {
  const hit = cache.get(id);
  if (hit && now - hit.at < config().sisClientCacheSeconds * 1000) return hit.client;
  const client = await readClient(id);
  if (cache.size > 1_000) cache.clear();
  cache.set(id, { at: now, client });
  return client;
}
