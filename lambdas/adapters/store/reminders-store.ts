/**
 * The reminders' occasions in the status table (domain/messages/reminders.ts): each occasion's
 * send ledger is a mailing's (`mailing#<occasion>` / `to#<application>`, messages-store.ts), and
 * its id is noted once in the mailings' partition, beside the mailings and out of their list:
 *   mailings / reminder#<occasion>
 * so the erasure finds every ledger that may hold an application's row (messageItemsOf).
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { MAILINGS_PK } from './keys';

export const OCCASION_PREFIX = 'reminder#';

/** Notes an occasion (idempotent: the same item each time). */
export async function noteOccasion(occasion: string): Promise<void> {
  await dynamoClient().send(new PutCommand({ TableName: config().statusTable, Item: { pk: MAILINGS_PK, sk: `${OCCASION_PREFIX}${occasion}`, occasion } }));
}
