/**
 * The dashboard's count of started applications (dashboard-counters.ts keeps the others): one ADD
 * to a cycle's `started` counter, made by the application's first answer save (answers-store.ts),
 * and one taken back by its erasure. A module of its own, reaching only what the save reaches
 * already, so the save's hot path grows by this one module.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DASHBOARD_STARTED } from '#domain/ports/keys';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { dashboardCyclePk } from './keys';

/** Adds to a cycle's started count (a start, or an erasure's one back). */
export async function addStarted(cycle: string, n: number): Promise<void> {
  if (!cycle) return;
  await dynamoClient().send(
    new UpdateCommand({
      TableName: config().statusTable,
      Key: { pk: dashboardCyclePk(cycle), sk: DASHBOARD_STARTED.item },
      UpdateExpression: 'ADD #s :n',
      ExpressionAttributeNames: { '#s': DASHBOARD_STARTED.field },
      ExpressionAttributeValues: { ':n': n },
    }),
  );
}

/**
 * An application's first answer save: one more started in its cycle. The answers are saved
 * already: a failure here is reported on the error stream and never fails the save (a recount
 * repairs the number).
 */
export async function countStarted(cycle: string): Promise<void> {
  try {
    await addStarted(cycle, 1);
  } catch (error) {
    console.error(
      JSON.stringify({
        level: 'ERROR',
        message: 'dashboard counters: a start was not counted',
        cycle,
        error: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
