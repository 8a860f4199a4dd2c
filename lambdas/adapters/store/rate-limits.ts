/**
 * Fixed-window counters in the status table: pk=rate#<scope>#<key> sk=<window start, epoch s>,
 * one conditional increment per hit (atomic, so parallel requests cannot slip past the limit),
 * removed by the table's TTL after the window.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RateLimiter } from '#domain/ports/recommendations';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { isConditionalFailure, ratePk } from './keys';

export async function hit(scope: string, key: string, windowSeconds: number, limit: number, now: Date): Promise<{ allowed: boolean; retryAt: string }> {
  const start = Math.floor(now.getTime() / 1000 / windowSeconds) * windowSeconds;
  const retryAt = new Date((start + windowSeconds) * 1000).toISOString();
  try {
    await dynamoClient().send(
      new UpdateCommand({
        TableName: config().statusTable,
        Key: { pk: ratePk(scope, key), sk: String(start) },
        UpdateExpression: 'ADD hits :one SET expiresAt = :expires',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': start + windowSeconds * 2 },
      }),
    );
    return { allowed: true, retryAt };
  } catch (error) {
    if (isConditionalFailure(error)) return { allowed: false, retryAt };
    throw error;
  }
}

export const rateLimiter: RateLimiter = { hit };
