/**
 * The staff list's mark of an open duplicate flag (domain/duplicates/): `duplicate_open` on the
 * submitted application's answers item, which the list's `duplicate=flagged` filters on. Not the
 * change index's stamp: the student information system's record does not show it.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SK, conditional } from './keys';

export const DUPLICATE_OPEN_ATTRIBUTE = 'duplicate_open';

/** DuplicateStore.markOpen: set or cleared on a submitted application only (never creating an erased one's item). */
export async function markDuplicateOpen(id: string, open: boolean): Promise<void> {
  await conditional(() =>
    dynamoClient().send(
      new UpdateCommand({
        TableName: config().answersTable,
        Key: { pk: id, sk: SK.answers },
        UpdateExpression: open ? 'SET #flag = :open' : 'REMOVE #flag',
        ConditionExpression: 'attribute_exists(submittedAt)',
        ExpressionAttributeNames: { '#flag': DUPLICATE_OPEN_ATTRIBUTE },
        ...(open ? { ExpressionAttributeValues: { ':open': true } } : {}),
      }),
    ),
  );
}
