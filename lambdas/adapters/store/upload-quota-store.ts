/**
 * The daily upload counters (domain/documents/upload-quota.ts), in the status table:
 *   pk=<sub> sk=uploads#<YYYY-MM-DD>  count, expiresAt (TTL)
 * One conditional update counts and checks at once, so parallel requests cannot pass the bound.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UploadQuota } from '#domain/ports/documents';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK, conditional } from './keys';

export const uploadQuota: UploadQuota = {
  async takeUpload(sub, day, max, expiresAt) {
    const counted = await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: config().statusTable,
          Key: { pk: sub, sk: SK.uploadsOn(day) },
          UpdateExpression: 'ADD #count :one SET expiresAt = :exp',
          ConditionExpression: 'attribute_not_exists(#count) OR #count < :max',
          ExpressionAttributeNames: { '#count': 'count' },
          ExpressionAttributeValues: { ':one': 1, ':max': max, ':exp': expiresAt },
        }),
      ),
    );
    return counted !== undefined;
  },
};
