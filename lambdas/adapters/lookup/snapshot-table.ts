/**
 * A category's dataset in the lookup table, stored as one gzip'd snapshot split into items:
 *
 *   pk = lookup#<category>             sk = current      → { version, chunks, records, sha256, previousVersion }
 *   pk = lookup#<category>@<version>   sk = chunk#00000… → { data: gzip slice }
 *
 * A Lambda reads the whole snapshot once at cold start (a handful of items, not one read per
 * record) and builds its search index in memory. An import writes every chunk of a new
 * version first and then flips the `current` pointer with one conditional put — DynamoDB
 * has no multi-item transactions locally (dynalite) — so a reader sees the old dataset or
 * the new one, never half of either.
 */
import { createHash, randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { LookupRecord } from '#domain/lookup/records';
import type { Category } from '#form/wire/lookup';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { allItems, readAllItems } from '../store/pages';

/** Below DynamoDB's 400 KB item limit with room for the keys. */
export const CHUNK_BYTES = 350_000;

export interface SnapshotPointer {
  version: string;
  chunks: number;
  records: number;
  sha256: string;
  importedAt: string;
  previousVersion?: string;
}

export class ImportConflict extends Error {}

const pointerKey = (category: Category) => ({ pk: `lookup#${category}`, sk: 'current' });
const chunkPk = (category: Category, version: string) => `lookup#${category}@${version}`;
const chunkSk = (n: number) => `chunk#${String(n).padStart(5, '0')}`;

type Row = [id: string, name: string, address_line_1: string, address_line_2: string, city: string, state: string, zip: string, country: string];

/** Rows as arrays: a third of the bytes of objects, before compression. */
export function encodeSnapshot(records: readonly LookupRecord[]): Buffer {
  const rows: Row[] = records.map((r) => [r.id, r.name, r.address_line_1, r.address_line_2, r.city, r.state, r.zip, r.country]);
  return gzipSync(JSON.stringify(rows));
}

export function decodeSnapshot(gz: Buffer): LookupRecord[] {
  const rows = JSON.parse(gunzipSync(gz).toString('utf8')) as Row[];
  return rows.map(([id, name, address_line_1, address_line_2, city, state, zip, country]) => ({
    id,
    name,
    address_line_1,
    address_line_2,
    city,
    state,
    zip,
    country,
  }));
}

export async function readPointer(category: Category): Promise<SnapshotPointer | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().lookupTable, Key: pointerKey(category), ConsistentRead: true }));
  return out.Item as SnapshotPointer | undefined;
}

export async function readSnapshot(category: Category, pointer: SnapshotPointer): Promise<LookupRecord[]> {
  const parts = await readAllItems(
    (from) =>
      dynamoClient().send(
        new QueryCommand({
          TableName: config().lookupTable,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': chunkPk(category, pointer.version) },
          ConsistentRead: true,
          ...from,
        }),
      ),
    (item) => Buffer.from(item.data as Uint8Array),
  );
  const gz = Buffer.concat(parts);
  if (parts.length !== pointer.chunks || createHash('sha256').update(gz).digest('hex') !== pointer.sha256) {
    throw new Error(`lookup snapshot ${category}@${pointer.version} is incomplete or corrupt`);
  }
  return decodeSnapshot(gz);
}

/**
 * Writes `records` as the category's dataset. `expectedVersion` is the version the caller saw
 * (undefined: none); if another import landed meanwhile the flip is refused with ImportConflict
 * and the new chunks are removed.
 */
export async function writeSnapshot(category: Category, records: readonly LookupRecord[], expectedVersion: string | undefined): Promise<SnapshotPointer> {
  const db = dynamoClient();
  const TableName = config().lookupTable;
  const gz = encodeSnapshot(records);
  const version = `${new Date().toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
  const chunks = Math.max(1, Math.ceil(gz.length / CHUNK_BYTES));
  for (let n = 0; n < chunks; n++) {
    await db.send(
      new PutCommand({ TableName, Item: { pk: chunkPk(category, version), sk: chunkSk(n), data: gz.subarray(n * CHUNK_BYTES, (n + 1) * CHUNK_BYTES) } }),
    );
  }
  const pointer: SnapshotPointer = {
    version,
    chunks,
    records: records.length,
    sha256: createHash('sha256').update(gz).digest('hex'),
    importedAt: new Date().toISOString(),
    ...(expectedVersion ? { previousVersion: expectedVersion } : {}),
  };
  try {
    await db.send(
      new PutCommand({
        TableName,
        Item: { ...pointerKey(category), ...pointer },
        ...(expectedVersion
          ? { ConditionExpression: 'version = :expected', ExpressionAttributeValues: { ':expected': expectedVersion } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      }),
    );
  } catch (error) {
    await deleteVersion(category, version);
    if ((error as Error).name === 'ConditionalCheckFailedException') {
      throw new ImportConflict(`another ${category} import finished while this one ran; run it again`);
    }
    throw error;
  }
  return pointer;
}

/** Removes a version's chunks. Callers keep the previous version: a Lambda may be reading it. */
export async function deleteVersion(category: Category, version: string): Promise<void> {
  const db = dynamoClient();
  const TableName = config().lookupTable;
  const chunks = allItems((from) =>
    db.send(
      new QueryCommand({
        TableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': chunkPk(category, version) },
        ProjectionExpression: 'pk, sk',
        ...from,
      }),
    ),
  );
  for await (const item of chunks) await db.send(new DeleteCommand({ TableName, Key: { pk: item.pk as string, sk: item.sk as string } }));
}

/** Publishes a validated dataset and drops the version before the previous one. */
export async function replaceDataset(category: Category, records: readonly LookupRecord[]): Promise<SnapshotPointer> {
  const current = await readPointer(category);
  const pointer = await writeSnapshot(category, records, current?.version);
  if (current?.previousVersion) await deleteVersion(category, current.previousVersion);
  return pointer;
}
