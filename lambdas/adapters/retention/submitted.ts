/**
 * Submissions as the retention sweep needs them: those past their keeping time, read from the
 * answers table's sparse submissions index (store/submissions-index.ts), and whether one account
 * was submitted (one GetItem of its answers item).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SubmittedRecord } from '#domain/ports/retention';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK } from '../store/keys';
import { submittedBefore } from '../store/submissions-index';

export async function* listSubmittedBefore(cutoff: string): AsyncIterable<SubmittedRecord> {
  for await (const { id, submittedAt } of submittedBefore(cutoff)) yield { sub: id, submittedAt };
}

export async function isSubmitted(sub: string): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: config().answersTable, Key: { pk: sub, sk: SK.answers }, ProjectionExpression: 'submittedAt', ConsistentRead: true }),
  );
  return typeof out.Item?.submittedAt === 'string';
}
