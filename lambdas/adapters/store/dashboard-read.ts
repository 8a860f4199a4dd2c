/**
 * The dashboard's reads (domain/ports/dashboard.ts): a cycle's counter items, one query of its
 * partition, and a week's reviews per reader, one query (dashboard-counters.ts keeps both).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { CounterItem, DashboardCounters } from '#domain/ports/dashboard';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { dashboardCyclePk, dashboardReadersPk } from './keys';
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

export const dashboardCounters: DashboardCounters = {
  readCycle: (cycle) => partition(dashboardCyclePk(cycle)),
  async readReaders(week) {
    const items = await partition(dashboardReadersPk(week));
    return items.map((i) => ({ reader: i.labels.reader ?? i.item.replace(/^reader#/, ''), reviews: i.counts.reviews ?? 0 }));
  },
};
