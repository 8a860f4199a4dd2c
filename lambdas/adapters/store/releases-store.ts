/**
 * Releases of decisions (domain/ports/releases.ts) in the status table: the release at
 * pk=release#<id> sk=release, and while it is pending a copy in one partition, pk=releases
 * sk=<at>#<id>, that the console's list (and the local scheduler, on start) reads soonest first.
 * Every change of state is conditional, so a run and a cancellation cannot both take a release.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ReleaseRecord, ReleaseStore } from '#domain/ports/releases';
import { releaseSummary } from '#domain/releases/release';
import type { ReleaseTarget } from '#form/wire/decisions';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { PENDING_RELEASES_PK as PENDING_PK, isConditionalFailure, releasePk } from './keys';
import { readAllItems } from './pages';

const RELEASE_SK = 'release';
const pendingSk = (at: string, id: string) => `${at}#${id}`;
const STATES = ['scheduled', 'released', 'cancelled'] as const;

function fromItem(item: Record<string, unknown> | undefined): ReleaseRecord | undefined {
  if (!item || typeof item.id !== 'string' || typeof item.at !== 'string' || !STATES.includes(item.state as never)) return undefined;
  const target: ReleaseTarget = Array.isArray(item.ids)
    ? { ids: (item.ids as unknown[]).filter((x): x is string => typeof x === 'string') }
    : { status: 'decided' };
  const record: ReleaseRecord = {
    id: item.id,
    at: item.at,
    state: item.state as ReleaseRecord['state'],
    target,
    created_by: typeof item.created_by === 'string' ? item.created_by : '',
    created_at: typeof item.created_at === 'string' ? item.created_at : '',
  };
  if (typeof item.started_at === 'string') record.started_at = item.started_at;
  if (typeof item.released === 'number') record.released = item.released;
  if (item.pins && typeof item.pins === 'object') {
    record.pins = Object.fromEntries(Object.entries(item.pins as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }
  if (Array.isArray(item.skipped)) record.skipped = (item.skipped as unknown[]).filter((x): x is string => typeof x === 'string');
  return record;
}

/** A new release is stored as the domain summarises it, with its pins; a run's marks (started_at, released, skipped) are set by the updates below. */
export async function createRelease(release: ReleaseRecord): Promise<void> {
  const db = dynamoClient();
  const { statusTable } = config();
  const item = releaseSummary(release);
  await db.send(
    new PutCommand({
      TableName: statusTable,
      Item: { pk: releasePk(release.id), sk: RELEASE_SK, ...item, ...(release.pins ? { pins: release.pins } : {}) },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  await db.send(new PutCommand({ TableName: statusTable, Item: { pk: PENDING_PK, sk: pendingSk(release.at, release.id), ...item } }));
}

export async function readRelease(id: string): Promise<ReleaseRecord | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: releasePk(id), sk: RELEASE_SK }, ConsistentRead: true }));
  return fromItem(out.Item);
}

/** The pending list's lines name the releases; each is read itself (its state is the truth, the line a pointer). */
export async function listPending(): Promise<ReleaseRecord[]> {
  const ids = await readAllItems(
    (from) =>
      dynamoClient().send(
        new QueryCommand({ TableName: config().statusTable, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PENDING_PK }, ...from }),
      ),
    (item) => (typeof item.id === 'string' ? item.id : undefined),
  );
  const releases = await Promise.all(ids.map(readRelease));
  return releases.filter((r): r is ReleaseRecord => r?.state === 'scheduled');
}

export async function startRelease(id: string, at: string): Promise<boolean> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: releasePk(id), sk: RELEASE_SK },
        UpdateExpression: 'SET started_at = if_not_exists(started_at, :at)',
        ConditionExpression: '#s = :scheduled',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':at': at, ':scheduled': 'scheduled' },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

async function dropPendingLine(id: string): Promise<void> {
  const release = await readRelease(id);
  if (release) await dynamoClient().send(new DeleteCommand({ TableName: config().statusTable, Key: { pk: PENDING_PK, sk: pendingSk(release.at, id) } }));
}

export async function finishRelease(id: string, released: number, skipped: readonly string[]): Promise<void> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: releasePk(id), sk: RELEASE_SK },
        UpdateExpression: 'SET #s = :released, released = :n, skipped = :skipped',
        ConditionExpression: '#s = :scheduled',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':released': 'released', ':scheduled': 'scheduled', ':n': released, ':skipped': [...skipped] },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
  await dropPendingLine(id);
}

export async function cancelRelease(id: string): Promise<boolean> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: releasePk(id), sk: RELEASE_SK },
        UpdateExpression: 'SET #s = :cancelled',
        ConditionExpression: '#s = :scheduled AND attribute_not_exists(started_at)',
        ExpressionAttributeNames: { '#s': 'state' },
        ExpressionAttributeValues: { ':cancelled': 'cancelled', ':scheduled': 'scheduled' },
      }),
    );
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
  await dropPendingLine(id);
  return true;
}

export const releaseStore: ReleaseStore = { createRelease, readRelease, listPending, startRelease, finishRelease, cancelRelease };
