/**
 * A machine client's idempotency keys in the status table: pk=sis-idempotency#<client id>
 * sk=key#<key>, with the request's hash, its first answer (JSON) and expiresAt (TTL, a day).
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { IdempotencyEntry, IdempotencyStore } from '#domain/ports/idempotency';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, epochSeconds, isExpired, sisIdempotencyPk } from './keys';

const table = () => config().statusTable;
const keyOf = (clientId: string, key: string) => ({ pk: sisIdempotencyPk(clientId), sk: `key#${key}` });

async function read(clientId: string, key: string): Promise<IdempotencyEntry | undefined> {
  const { Item: item } = await dynamoClient().send(new GetCommand({ TableName: table(), Key: keyOf(clientId, key), ConsistentRead: true }));
  if (!item || isExpired(item) || typeof item.requestHash !== 'string' || typeof item.claimedUntil !== 'number') return undefined;
  return { requestHash: item.requestHash, claimedUntil: item.claimedUntil, ...(typeof item.answer === 'string' ? { answer: item.answer } : {}) };
}

async function claim(clientId: string, key: string, entry: Omit<IdempotencyEntry, 'answer'>, now: Date, expiresAt: Date): Promise<boolean> {
  const written = await conditional(() =>
    dynamoClient().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keyOf(clientId, key), requestHash: entry.requestHash, claimedUntil: entry.claimedUntil, expiresAt: epochSeconds(expiresAt) },
        // Free, expired (dynalite keeps expired items), or a claim whose request stopped before answering.
        ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :nowSeconds OR (attribute_not_exists(answer) AND claimedUntil < :nowMs)',
        ExpressionAttributeValues: { ':nowSeconds': epochSeconds(now), ':nowMs': now.getTime() },
      }),
    ),
  );
  return written !== undefined;
}

/** Only over this request's own claim: a copy that took a claim given up meanwhile keeps its own answer. */
async function keep(clientId: string, key: string, entry: IdempotencyEntry & { answer: string }, expiresAt: Date): Promise<void> {
  await conditional(() =>
    dynamoClient().send(
      new PutCommand({
        TableName: table(),
        Item: { ...keyOf(clientId, key), ...entry, expiresAt: epochSeconds(expiresAt) },
        ConditionExpression: 'requestHash = :hash AND attribute_not_exists(answer)',
        ExpressionAttributeValues: { ':hash': entry.requestHash },
      }),
    ),
  );
}

async function release(clientId: string, key: string, requestHash: string): Promise<void> {
  await conditional(() =>
    dynamoClient().send(
      new DeleteCommand({
        TableName: table(),
        Key: keyOf(clientId, key),
        ConditionExpression: 'requestHash = :hash AND attribute_not_exists(answer)',
        ExpressionAttributeValues: { ':hash': requestHash },
      }),
    ),
  );
}

export const idempotencyStore: IdempotencyStore = { read, claim, keep, release };
