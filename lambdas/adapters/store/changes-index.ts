/**
 * The change index (domain/ports/submissions.ts, CHANGES_INDEX): submitted applications by the
 * time of their last change, oldest first, one page per query. Its projection is the whole item,
 * so a page is the applications themselves, read as the submissions index reads them.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CHANGES_INDEX, CHANGES_INDEX_KEYS, type ChangesQuery } from '#domain/ports/submissions';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { PARTITION_VALUE, fromItem } from './submissions-index';

export const queryChanges: ChangesQuery = async (from, limit) => {
  const since = 'since' in from;
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: config().answersTable,
      IndexName: CHANGES_INDEX,
      KeyConditionExpression: `#p = :p AND #c ${since ? '>=' : '>'} :c`,
      ExpressionAttributeNames: { '#p': CHANGES_INDEX_KEYS.partition, '#c': CHANGES_INDEX_KEYS.sort },
      ExpressionAttributeValues: { ':p': PARTITION_VALUE, ':c': since ? from.since : from.after },
      ScanIndexForward: true,
      // One more than the page: whether another page follows, without a last empty page.
      Limit: limit + 1,
    }),
  );
  const found = out.Items ?? [];
  const items: Awaited<ReturnType<ChangesQuery>>['items'] = [];
  for (const item of found.slice(0, limit)) {
    const app = fromItem(item);
    if (app?.changeKey) items.push({ ...app, changeKey: app.changeKey });
  }
  // A read cut short by DynamoDB's 1 MB cap ends with a key to go on from, too.
  return { items, more: found.length > limit || out.LastEvaluatedKey !== undefined };
};
