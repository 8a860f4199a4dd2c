/**
 * The status table's `staff-users` partition: each staff user's last completed sign-in (Cognito
 * keeps none for a user), written by the sign-in route and read by the console's list, and the
 * office's admin-change lock, a lease item that a change taking an admin away holds while it
 * counts the admins and makes its change (domain/staff/staff-users.ts).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminChangeLock } from '#domain/ports/staff-identity';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, epochSeconds, STAFF_USERS_PK as PK } from './keys';

const table = () => config().statusTable;
const USER_PREFIX = 'user#';
const LOCK_SK = 'admin-lock';
/** Longer than any change takes (a few Cognito calls); a holder that died frees it after this. */
const LOCK_SECONDS = 30;

export async function recordStaffSignIn(email: string, at: Date = new Date()): Promise<void> {
  await dynamoClient().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: PK, sk: `${USER_PREFIX}${email.trim().toLowerCase()}` },
      UpdateExpression: 'SET lastSignInAt = :at',
      ExpressionAttributeValues: { ':at': at.toISOString() },
    }),
  );
}

export async function lastStaffSignIns(): Promise<ReadonlyMap<string, string>> {
  const signIns = new Map<string, string>();
  let start: Record<string, unknown> | undefined;
  do {
    const out = await dynamoClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :user)',
        ExpressionAttributeValues: { ':pk': PK, ':user': USER_PREFIX },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of out.Items ?? []) {
      if (typeof item.sk === 'string' && typeof item.lastSignInAt === 'string') signIns.set(item.sk.slice(USER_PREFIX.length), item.lastSignInAt);
    }
    start = out.LastEvaluatedKey;
  } while (start);
  return signIns;
}

/** One lock per call of `take` (its own token): release frees only the lease this holder took. */
export function adminChangeLock(): AdminChangeLock {
  const holder = randomUUID();
  return {
    take: async () => {
      const now = epochSeconds();
      const taken = await conditional(() =>
        dynamoClient().send(
          new UpdateCommand({
            TableName: table(),
            Key: { pk: PK, sk: LOCK_SK },
            UpdateExpression: 'SET holder = :h, expiresAt = :e',
            ConditionExpression: 'attribute_not_exists(pk) OR expiresAt <= :now',
            ExpressionAttributeValues: { ':h': holder, ':e': now + LOCK_SECONDS, ':now': now },
          }),
        ),
      );
      return taken !== undefined;
    },
    release: async () => {
      await conditional(() =>
        dynamoClient().send(
          new DeleteCommand({
            TableName: table(),
            Key: { pk: PK, sk: LOCK_SK },
            ConditionExpression: 'holder = :h',
            ExpressionAttributeValues: { ':h': holder },
          }),
        ),
      );
    },
  };
}
