/**
 * The office's saved filter sets (domain/ports/filter-sets.ts): one item each in the status table
 * under pk=filter-sets, sk=<set id>, so the console's list of them is one Query of that partition
 * (every owner's sets; the use-case keeps one's own and the shared ones). A change replaces the
 * item only as it was read; nothing of an applicant is in it.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { FilterSetStore } from '#domain/ports/filter-sets';
import type { FilterSet } from '#form/wire/filter-sets';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, FILTER_SETS_PK } from './keys';
import { readAllItems } from './pages';

function setOf(item: Record<string, unknown> | undefined): FilterSet | undefined {
  if (!item) return undefined;
  const { id, name, owner, shared, query, created_at, updated_at } = item;
  if (typeof id !== 'string' || typeof name !== 'string' || typeof owner !== 'string' || typeof created_at !== 'string' || typeof updated_at !== 'string')
    return undefined;
  const params = query && typeof query === 'object' ? Object.entries(query as Record<string, unknown>).filter(([, v]) => typeof v === 'string') : [];
  return { id, name, owner, shared: shared === true, query: Object.fromEntries(params), created_at, updated_at };
}

const key = (id: string) => ({ pk: FILTER_SETS_PK, sk: id });

export const filterSetsStore: FilterSetStore = {
  listFilterSets: () =>
    readAllItems(
      (from) =>
        dynamoClient().send(
          new QueryCommand({
            TableName: config().statusTable,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': FILTER_SETS_PK },
            ...from,
          }),
        ),
      setOf,
    ),

  async readFilterSet(id) {
    const out = await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: key(id), ConsistentRead: true }));
    return setOf(out.Item);
  },

  async addFilterSet(set) {
    const done = await conditional(() =>
      dynamoClient().send(
        new PutCommand({ TableName: config().statusTable, Item: { ...key(set.id), ...set }, ConditionExpression: 'attribute_not_exists(pk)' }),
      ),
    );
    return done !== undefined;
  },

  async replaceFilterSet(set, readAt) {
    const done = await conditional(() =>
      dynamoClient().send(
        new PutCommand({
          TableName: config().statusTable,
          Item: { ...key(set.id), ...set },
          ConditionExpression: 'updated_at = :read',
          ExpressionAttributeValues: { ':read': readAt },
        }),
      ),
    );
    return done !== undefined;
  },

  async deleteFilterSet(id) {
    await dynamoClient().send(new DeleteCommand({ TableName: config().statusTable, Key: key(id) }));
  },
};
