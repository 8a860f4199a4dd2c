/**
 * The sparse index of applications in progress (domain/ports/in-progress.ts): a global secondary
 * index of the answers table on `progress_cycle` / `progress_sort`, attributes the applicant's save
 * sets where absent (answers-store.ts, mergeCommand) and the submission's lock removes
 * (markSubmitted). It projects its keys only; each listed application's answers item and its
 * account's status item (the sign-in address) are read after, eventually consistent (the list is
 * a follow-up tool, not a lock).
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { IN_PROGRESS_INDEX, IN_PROGRESS_INDEX_KEYS, type InProgressIndex } from '#domain/ports/in-progress';
import { accountOf } from '#domain/ports/keys';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { ANSWER_PREFIX, SK } from './keys';

export { IN_PROGRESS_INDEX, IN_PROGRESS_INDEX_KEYS };

export const inProgressIndex: InProgressIndex = {
  async queryInProgress(cycle, limit, after) {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: config().answersTable,
        IndexName: IN_PROGRESS_INDEX,
        KeyConditionExpression: after ? '#p = :p AND #s < :after' : '#p = :p',
        ExpressionAttributeNames: { '#p': IN_PROGRESS_INDEX_KEYS.partition, ...(after ? { '#s': IN_PROGRESS_INDEX_KEYS.sort } : {}) },
        ExpressionAttributeValues: { ':p': cycle, ...(after ? { ':after': after } : {}) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    const items = out.Items ?? [];
    const ids = items.flatMap((i) => (typeof i.pk === 'string' ? [i.pk] : []));
    const last: unknown = items.at(-1)?.[IN_PROGRESS_INDEX_KEYS.sort];
    return out.LastEvaluatedKey && typeof last === 'string' ? { ids, next: last } : { ids };
  },

  async readDraft(id) {
    const [out, status] = await Promise.all([
      dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: id, sk: SK.answers } })),
      // The address the applicant signs in with, as the sign-in records it (status-store.ts, recordLogin).
      dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: accountOf(id), sk: SK.status }, ProjectionExpression: 'username' })),
    ]);
    const item = out.Item;
    if (!item) return undefined;
    const answers: Record<string, string> = {};
    for (const [attr, value] of Object.entries(item))
      if (attr.startsWith(ANSWER_PREFIX) && typeof value === 'string') answers[attr.slice(ANSWER_PREFIX.length)] = value;
    const sort: unknown = item[IN_PROGRESS_INDEX_KEYS.sort];
    const startedAt = typeof sort === 'string' ? sort.slice(0, sort.indexOf('#')) : '';
    return {
      id,
      answers,
      email: typeof status.Item?.username === 'string' ? status.Item.username : '',
      startedAt,
      updatedAt: typeof item.updatedAt === 'string' ? item.updatedAt : startedAt,
      submitted: typeof item.submittedAt === 'string',
    };
  },
};
