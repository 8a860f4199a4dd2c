/**
 * The application as it was submitted (form/snapshot.ts): one item beside the answers
 * (answers table, pk=<sub> sk=snapshot), the snapshot kept as JSON text in one attribute. Being in
 * the applicant's partition, it goes with every erasure of that partition.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { SnapshotReader, SnapshotWriter } from '#domain/ports/answers';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { SNAPSHOT_ATTRIBUTE, snapshotOf } from './answers-store';
import { SK, conditional } from './keys';

export const readSnapshot: SnapshotReader['readSnapshot'] = async (sub) => {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: sub, sk: SK.snapshot }, ConsistentRead: true }));
  return snapshotOf(out.Item);
};

export const writeSnapshot: SnapshotWriter['writeSnapshot'] = async (sub, snapshot) => {
  const written = await conditional(() =>
    dynamoClient().send(
      new PutCommand({
        TableName: config().answersTable,
        Item: { pk: sub, sk: SK.snapshot, takenAt: snapshot.takenAt, [SNAPSHOT_ATTRIBUTE]: JSON.stringify(snapshot) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  return written !== undefined;
};
