/**
 * What the retention sweep reads from the tables. The status table is read in one Scan a day:
 * only the `sk=status` items (the last sign-in) and the retention warnings are kept, with a
 * projection, so the sweep's memory holds a few dozen bytes per account (its cost is in
 * docs/retention.md). Submissions past their keeping time come from the answers table's sparse
 * submissions index, whose sort key begins with the submission time: a Query of the old ones
 * only. Whether an account was submitted is one GetItem of its answers item.
 */
import { GetCommand, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '#lambdas/config';
import { RETENTION_WARNING_MAIL, type AccountActivity, type RetentionRecords, type SubmittedRecord } from '#domain/ports/retention';
import { dynamoClient } from '../clients';
import { SK } from '../store/keys';
import { mailSk } from '../store/mail-store';
import { PARTITION_VALUE as SUBMITTED_PARTITION, SUBMISSIONS_INDEX, SUBMISSIONS_INDEX_KEYS } from '../store/submissions-index';

const WARNING_SK_PREFIX = `${mailSk(RETENTION_WARNING_MAIL)}#`;

const lastOf = (logins: unknown): string | undefined => (Array.isArray(logins) ? (logins as unknown[]).filter((l): l is string => typeof l === 'string').sort().at(-1) : undefined);
const later = (a: string | undefined, b: string): string => (a && a >= b ? a : b);

async function* statusItems(): AsyncIterable<Record<string, unknown>> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new ScanCommand({
        TableName: config().statusTable,
        FilterExpression: 'sk = :status OR (begins_with(sk, :warning) AND attribute_exists(sentAt))',
        ProjectionExpression: 'pk, sk, successful_login, sentAt',
        ExpressionAttributeValues: { ':status': SK.status, ':warning': WARNING_SK_PREFIX },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    yield* out.Items ?? [];
    start = out.LastEvaluatedKey;
  } while (start);
}

async function* listActivity(): AsyncIterable<AccountActivity> {
  const bySub = new Map<string, AccountActivity>();
  for await (const item of statusItems()) {
    if (typeof item.pk !== 'string') continue;
    const a = bySub.get(item.pk) ?? { sub: item.pk };
    if (item.sk === SK.status) {
      const last = lastOf(item.successful_login);
      if (last) a.lastSignInAt = last;
    } else if (typeof item.sentAt === 'string') {
      a.lastWarnedAt = later(a.lastWarnedAt, item.sentAt);
    }
    bySub.set(item.pk, a);
  }
  yield* bySub.values();
}

async function* listSubmittedBefore(cutoff: string): AsyncIterable<SubmittedRecord> {
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

async function isSubmitted(sub: string): Promise<boolean> {
  const out = await dynamoClient().send(
    new GetCommand({ TableName: config().answersTable, Key: { pk: sub, sk: SK.answers }, ProjectionExpression: 'submittedAt', ConsistentRead: true }),
  );
  return typeof out.Item?.submittedAt === 'string';
}

export const retentionRecords: RetentionRecords = { listActivity, listSubmittedBefore, isSubmitted };
