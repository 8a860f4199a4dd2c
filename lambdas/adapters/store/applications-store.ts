/**
 * An account's list of applications (domain/ports/applications.ts): the status table, pk=<sub>
 * sk=applications, attribute `applications` [{cycle, key}] and its length `count`, which the
 * conditional write compares so two starts racing each other cannot both add an application.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountApplication, ApplicationsIndex } from '#domain/ports/applications';
import { APPLICATIONS_ITEM_SK } from '#domain/ports/keys';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional } from './keys';

const isApplication = (a: unknown): a is AccountApplication =>
  typeof (a as AccountApplication | undefined)?.cycle === 'string' && typeof (a as AccountApplication).key === 'string';

export async function readApplications(sub: string): Promise<readonly AccountApplication[] | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: sub, sk: APPLICATIONS_ITEM_SK }, ConsistentRead: true }));
  const list: unknown = out.Item?.applications;
  if (!Array.isArray(list)) return undefined;
  const applications = list.filter(isApplication).map(({ cycle, key }) => ({ cycle, key }));
  return applications.length > 0 ? applications : undefined;
}

export async function writeApplications(
  sub: string,
  expected: readonly AccountApplication[] | undefined,
  next: readonly AccountApplication[],
): Promise<boolean> {
  const written = await conditional(() =>
    dynamoClient().send(
      new PutCommand({
        TableName: config().statusTable,
        Item: { pk: sub, sk: APPLICATIONS_ITEM_SK, applications: next.map(({ cycle, key }) => ({ cycle, key })), count: next.length },
        ...(expected
          ? { ConditionExpression: '#n = :n', ExpressionAttributeNames: { '#n': 'count' }, ExpressionAttributeValues: { ':n': expected.length } }
          : { ConditionExpression: 'attribute_not_exists(pk)' }),
      }),
    ),
  );
  return written !== undefined;
}

export const applicationsIndex: ApplicationsIndex = { readApplications, writeApplications };
