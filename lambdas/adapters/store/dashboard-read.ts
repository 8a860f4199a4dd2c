/**
 * The dashboard's reads (domain/ports/dashboard.ts): the counters' change number with the cycle's
 * started count (one BatchGetItem; dashboard-version.ts says why), a cycle's counter items, one
 * query of its partition, and a week's reviews per reader, one query (dashboard-counters.ts keeps both).
 */
import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterItem, CountersNow, DashboardCounters } from '#domain/ports/dashboard';
import { DASHBOARD_STARTED } from '#domain/ports/keys';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { DASHBOARD_VERSION_FIELD, DASHBOARD_VERSION_KEY, dashboardCyclePk, dashboardReadersPk } from './keys';
import { readAllItems } from './pages';

function counterOf(item: Record<string, unknown>): CounterItem | undefined {
  if (typeof item.sk !== 'string') return undefined;
  const counts: Record<string, number> = {};
  const labels: Record<string, string> = {};
  for (const [attr, value] of Object.entries(item)) {
    if (attr === 'pk' || attr === 'sk') continue;
    if (typeof value === 'number') counts[attr] = value;
    else if (typeof value === 'string') labels[attr] = value;
  }
  return { item: item.sk, counts, labels };
}

const partition = (pk: string) =>
  readAllItems(
    (from) =>
      dynamoClient().send(
        new QueryCommand({ TableName: config().statusTable, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ...from }),
      ),
    counterOf,
  );

const numberIn = (item: Record<string, unknown> | undefined, field: string): number => (typeof item?.[field] === 'number' ? item[field] : 0);

/** The counters' change number and the cycle's started count now (0 before any), in one request. */
async function readCountersNow(cycle: string): Promise<CountersNow> {
  const table = config().statusTable;
  const started = { pk: dashboardCyclePk(cycle), sk: DASHBOARD_STARTED.item };
  const out = await dynamoClient().send(new BatchGetCommand({ RequestItems: { [table]: { Keys: [DASHBOARD_VERSION_KEY, started], ConsistentRead: true } } }));
  const items = out.Responses?.[table] ?? [];
  // Two small items are far below a batch's limits; a key left unprocessed is read again by the caller's retry of the whole request.
  if (out.UnprocessedKeys?.[table]?.Keys?.length) throw new Error('the dashboard’s change number was not read (unprocessed keys)');
  const find = (key: { pk: string; sk: string }) => items.find((i) => i.pk === key.pk && i.sk === key.sk);
  return { version: numberIn(find(DASHBOARD_VERSION_KEY), DASHBOARD_VERSION_FIELD), started: numberIn(find(started), DASHBOARD_STARTED.field) };
}

export const dashboardCounters: DashboardCounters = {
  now: readCountersNow,
  readCycle: (cycle) => partition(dashboardCyclePk(cycle)),
  async readReaders(week) {
    const items = await partition(dashboardReadersPk(week));
    return items.map((i) => ({ reader: i.labels.reader ?? i.item.replace(/^reader#/, ''), reviews: i.counts.reviews ?? 0 }));
  },
};
