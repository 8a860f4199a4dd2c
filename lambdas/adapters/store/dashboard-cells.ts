/**
 * The dashboard's counter items (dashboard-counters.ts decides what to add): one ADD per counter
 * item a change moves, in the status table's `dashboard#…` partitions, and a reader's reviews of a
 * week. ADD is atomic: writers at once never lose one another's counts.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { REVIEWS_FIELD, weekOf, type CounterChange } from '#domain/dashboard/counters';
import { dayIn } from '#form/calendar';
import { timetable } from '#form/institution-cycles';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { log } from '../log';
import { raiseDashboardVersion } from './dashboard-version';
import { dashboardCyclePk, dashboardReadersPk } from './keys';

export const readerKey = (reader: string): string => `reader#${reader}`;

/** One ADD per counter item changed, with the segment's labels beside its counts; then the counters' change number. */
export async function addToCounters(changes: readonly CounterChange[], labels: Record<string, string>): Promise<void> {
  if (!changes.length) return;
  await Promise.all(
    changes.map((change) => {
      const names: Record<string, string> = {};
      const values: Record<string, unknown> = {};
      const adds = Object.entries(change.add).map(([field, n], i) => {
        names[`#f${i}`] = field;
        values[`:n${i}`] = n;
        return `#f${i} :n${i}`;
      });
      const sets = change.item.startsWith('seg#')
        ? Object.entries(labels).map(([attr, value], i) => {
            names[`#l${i}`] = attr;
            values[`:l${i}`] = value;
            return `#l${i} = :l${i}`;
          })
        : [];
      return dynamoClient().send(
        new UpdateCommand({
          TableName: config().statusTable,
          Key: { pk: dashboardCyclePk(change.cycle), sk: change.item },
          UpdateExpression: `ADD ${adds.join(', ')}${sets.length ? ` SET ${sets.join(', ')}` : ''}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    }),
  );
  await raiseDashboardVersion();
}

/** A reader's new review (not a revision): one more in their week (from Monday, on the institution's clock). */
export async function countReview(reader: string, at: Date): Promise<void> {
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: dashboardReadersPk(weekOf(dayIn(at, timetable.timeZone))), sk: readerKey(reader) },
        UpdateExpression: 'ADD #r :one SET reader = :who',
        ExpressionAttributeNames: { '#r': REVIEWS_FIELD },
        ExpressionAttributeValues: { ':one': 1, ':who': reader },
      }),
    );
    await raiseDashboardVersion();
  } catch (error) {
    log.error('dashboard counters: a review was not counted', { error: error instanceof Error ? error.message : String(error) });
  }
}
