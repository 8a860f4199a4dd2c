import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { config } from '../../config';
import { SK } from './keys';

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
  return (out.Items ?? []).map((item) => ({ id: String(item.sk).slice(prefix.length), value: item.value }));
}

/** Tab group id → chosen tab. */
export async function readTabs(sub: string): Promise<Record<string, string>> {
  const tabs: Record<string, string> = {};
  for (const { id, value } of await readPrefixed(sub, SK.tab(''))) if (typeof value === 'string') tabs[id] = value;
  return tabs;
}

export async function writeTab(sub: string, tabId: string, chosen: string): Promise<void> {
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: { pk: sub, sk: SK.tab(tabId), value: chosen } }));
}

/** Add-another button id → number of blocks shown. */
export async function readAddAnother(sub: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { id, value } of await readPrefixed(sub, SK.addAnother(''))) if (typeof value === 'number') counts[id] = value;
  return counts;
}

export async function writeAddAnother(sub: string, buttonId: string, count: number): Promise<void> {
  await dynamoClient().send(new PutCommand({ TableName: table(), Item: { pk: sub, sk: SK.addAnother(buttonId), value: count } }));
}
