/**
 * The dashboard counters' change number: one item, `dashboard#version` / `version`, whose number
 * every write of the counters but a start raises after its ADDs (dashboard-cells.ts, the recount).
 * The dashboard reads it first, with the cycle's started count, in one strongly consistent
 * BatchGetItem of two small items (dashboard-read.ts, domain/dashboard/read-dashboard.ts), and answers from the reply
 * it made at that number when nothing else has changed since: an unchanged dashboard costs one
 * small read however many counter items the cycle has. Starts (every new applicant's first save)
 * do not raise it, so the busiest counter never sends the dashboard back to its counters, and the
 * save's path writes nothing more.
 *
 * Raised after the counters, never before: a dashboard that read the number before a change's ADDs
 * landed is read again once the number moves past it; one that read it after saw the ADDs.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { DASHBOARD_VERSION_FIELD, DASHBOARD_VERSION_KEY } from './keys';

export async function raiseDashboardVersion(): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: config().statusTable,
      Key: DASHBOARD_VERSION_KEY,
      UpdateExpression: 'ADD #v :one',
      ExpressionAttributeNames: { '#v': DASHBOARD_VERSION_FIELD },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  );
}
