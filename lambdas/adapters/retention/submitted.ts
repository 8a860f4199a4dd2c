/**
 * Submissions as the retention sweep needs them: those past their keeping time, read from the
 * answers table's sparse submissions index (store/submissions-index.ts), and where one account
 * stands (one GetItem of its answers item: submitted, held), and which applications an account holds.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplicationState, SubmittedRecord } from '#domain/ports/retention';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { readApplications } from '../store/applications-store';
import { HOLD_ATTRIBUTE, SK } from '../store/keys';
import { submittedBefore } from '../store/submissions-index';

export async function* listSubmittedBefore(cutoff: string): AsyncIterable<SubmittedRecord> {
  for await (const { id, submittedAt } of submittedBefore(cutoff)) yield { sub: id, submittedAt };
}

/** The keys of an account's applications (its list in the status table; none: its first alone, under its own key). */
export async function applicationKeys(sub: string): Promise<readonly string[]> {
  return ((await readApplications(sub)) ?? [{ key: sub }]).map((a) => a.key);
}

export async function applicationState(sub: string): Promise<ApplicationState> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: config().answersTable,
      Key: { pk: sub, sk: SK.answers },
      ProjectionExpression: 'submittedAt, #hold',
      ExpressionAttributeNames: { '#hold': HOLD_ATTRIBUTE },
      ConsistentRead: true,
    }),
  );
  return { submitted: typeof out.Item?.submittedAt === 'string', held: out.Item?.[HOLD_ATTRIBUTE] !== undefined };
}
