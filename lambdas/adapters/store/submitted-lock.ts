import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { dynamoClient } from '../clients';
import { config } from '../../config';
import { SK } from './keys';

/** When the application was submitted (the lock on the answers item), or undefined. */
export async function readSubmittedAt(sub: string): Promise<string | undefined> {
  const out = await dynamoClient().send(
    new GetCommand({
      TableName: config().answersTable,
      Key: { pk: sub, sk: SK.answers },
      ProjectionExpression: '#s',
      ExpressionAttributeNames: { '#s': 'submittedAt' },
      ConsistentRead: true,
    }),
  );
  return typeof out.Item?.submittedAt === 'string' ? out.Item.submittedAt : undefined;
}
