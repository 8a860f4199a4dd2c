import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ADD_ANOTHER, TAB_GROUPS } from '#domain/application';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK, isConditionalFailure } from './keys';

const table = () => config().tabsTable;

async function readPrefixed(sub: string, prefix: string): Promise<Array<{ id: string; value: unknown }>> {
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': sub, ':prefix': prefix },
      ConsistentRead: true,
    }),
  );
  return (out.Items ?? []).map((item) => ({ id: String(item.sk).slice(prefix.length), value: item.value as unknown }));
}

/** Tab group id → chosen tab. */
export async function readTabs(sub: string): Promise<Record<string, string>> {
  const tabs: Record<string, string> = {};
  for (const { id, value } of await readPrefixed(sub, SK.tab(''))) if (typeof value === 'string') tabs[id] = value;
  return tabs;
}

/**
 * Tabs and counts live in their own table, out of reach of the answers' condition, so the lock
 * is mirrored into each of their items (`lockedAt`, set by submit through lockTabsAndCounts) and
 * every write is conditional on it: a write that reaches the table after the mirror is refused
 * (false: nothing written), whatever it read before.
 */
async function writeUnlessLocked(sub: string, sk: string, value: string | number): Promise<boolean> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: table(),
        Key: { pk: sub, sk },
        UpdateExpression: 'SET #v = :v',
        ConditionExpression: 'attribute_not_exists(#l)',
        ExpressionAttributeNames: { '#v': 'value', '#l': 'lockedAt' },
        ExpressionAttributeValues: { ':v': value },
      }),
    );
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
  return true;
}

export function saveTab(sub: string, tabId: string, chosen: string): Promise<boolean> {
  return writeUnlessLocked(sub, SK.tab(tabId), chosen);
}

/** Add-another button id → number of blocks shown. */
export async function readAddAnother(sub: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { id, value } of await readPrefixed(sub, SK.addAnother(''))) if (typeof value === 'number') counts[id] = value;
  return counts;
}

export function saveAddAnother(sub: string, buttonId: string, count: number): Promise<boolean> {
  return writeUnlessLocked(sub, SK.addAnother(buttonId), count);
}

/**
 * Mirrors the submitted lock into the item of every tab group and add-another button the form
 * has (the only ids a write can name), creating those never written. Called by submit after the
 * answers are locked and before it answers; idempotent, so a second submit completes a first
 * one that stopped half-way.
 */
export async function lockTabsAndCounts(sub: string, at: Date = new Date()): Promise<void> {
  const keys = [...[...TAB_GROUPS.keys()].map((id) => SK.tab(id)), ...[...ADD_ANOTHER.keys()].map((id) => SK.addAnother(id))];
  await Promise.all(
    keys.map((sk) =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: { pk: sub, sk },
          UpdateExpression: 'SET #l = if_not_exists(#l, :l)',
          ExpressionAttributeNames: { '#l': 'lockedAt' },
          ExpressionAttributeValues: { ':l': at.toISOString() },
        }),
      ),
    ),
  );
}
