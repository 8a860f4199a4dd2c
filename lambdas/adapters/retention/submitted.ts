/**
 * Submissions as the retention sweep needs them: those past their keeping time from the answers
 * table's sparse submissions index, whose sort key begins with the submission time (a Query of
 * the old ones only), and whether one account was submitted (one GetItem of its answers item).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '#lambdas/config';
import type { SubmittedRecord } from '#domain/ports/retention';
import { dynamoClient } from '../clients';
import { SK } from '../store/keys';
import { PARTITION_VALUE as SUBMITTED_PARTITION, SUBMISSIONS_INDEX, SUBMISSIONS_INDEX_KEYS } from '../store/submissions-index';

export async function* listSubmittedBefore(cutoff: string): AsyncIterable<SubmittedRecord> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: config().answersTable,
        IndexName: SUBMISSIONS_INDEX,
        KeyConditionExpression: '#p = :p AND #s < :cutoff',
        ProjectionExpression: 'pk, submittedAt',
        ExpressionAttributeNames: { '#p': SUBMISSIONS_INDEX_KEYS.partition, '#s': SUBMISSIONS_INDEX_KEYS.sort },
        ExpressionAttributeValues: { ':p': SUBMITTED_PARTITION, ':cutoff': cutoff },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of out.Items ?? []) {
      if (typeof item.pk === 'string' && typeof item.submittedAt === 'string') yield { sub: item.pk, submittedAt: item.submittedAt };
    }
    start = out.LastEvaluatedKey;
  } while (start);
}

export async function isSubmitted(sub: string): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: config().answersTable, Key: { pk: sub, sk: SK.answers }, ProjectionExpression: 'submittedAt', ConsistentRead: true }),
  );
  return typeof out.Item?.submittedAt === 'string';
}

