/**
 * The suppression list and the unsubscribe links' tokens in the status table (domain/ports/suppression.ts):
 *   suppressions / to#<address>        an address the mailings skip: reason, when, detail (the
 *                                      mailing whose link unsubscribed it, or the bounce's kind)
 *   unsubscribe#<sha256> / token       an unsubscribe link: the address and mailing it stands for,
 *                                      kept until expiresAt (the table's TTL); the token itself is never stored
 * One partition for the list: the office reads it whole, and the sender reads one item of it per
 * recipient (at the queue's pace, far below a partition's limits).
 */
import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Suppressions, UnsubscribeTokens } from '#domain/ports/suppression';
import { SUPPRESSION_REASONS, UNSUBSCRIBE_TOKEN, type SuppressionEntry, type SuppressionReason } from '#form/wire/suppression';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { epochSeconds, isExpired, SK, SUPPRESSIONS_PK, unsubscribeTokenPk } from './keys';
import { readAllItems } from './pages';

const ENTRY_PREFIX = 'to#';
const entryKey = (email: string) => ({ pk: SUPPRESSIONS_PK, sk: `${ENTRY_PREFIX}${email.trim().toLowerCase()}` });
const tokenKey = (token: string) => ({ pk: unsubscribeTokenPk(createHash('sha256').update(token).digest('hex')), sk: SK.token });
const table = () => config().statusTable;

function entryOf(item: Record<string, unknown> | undefined): SuppressionEntry | undefined {
  if (!item || typeof item.email !== 'string' || typeof item.at !== 'string') return undefined;
  if (!(SUPPRESSION_REASONS as readonly unknown[]).includes(item.reason)) return undefined;
  const entry: SuppressionEntry = { email: item.email, reason: item.reason as SuppressionReason, at: item.at };
  if (typeof item.detail === 'string') entry.detail = item.detail;
  return entry;
}

export const suppressionStore: Suppressions = {
  async readSuppression(email) {
    const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: entryKey(email), ConsistentRead: true }));
    return entryOf(out.Item);
  },
  async putSuppression(entry) {
    await dynamoClient().send(new PutCommand({ TableName: table(), Item: { ...entryKey(entry.email), ...entry } }));
  },
  async listSuppressions() {
    const entries = await readAllItems(
      (from) =>
        dynamoClient().send(
          new QueryCommand({
            TableName: table(),
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
            ExpressionAttributeValues: { ':pk': SUPPRESSIONS_PK, ':p': ENTRY_PREFIX },
            ...from,
          }),
        ),
      entryOf,
    );
    return entries.sort((a, b) => b.at.localeCompare(a.at));
  },
  async deleteSuppression(email) {
    const out = await dynamoClient().send(new DeleteCommand({ TableName: table(), Key: entryKey(email), ReturnValues: 'ALL_OLD' }));
    return out.Attributes !== undefined;
  },
};

export const unsubscribeTokens: UnsubscribeTokens = {
  async issueUnsubscribeToken(grant, ttlSeconds, now) {
    const token = randomBytes(32).toString('base64url');
    await dynamoClient().send(
      new PutCommand({
        TableName: table(),
        Item: { ...tokenKey(token), email: grant.email, mailing: grant.mailing, expiresAt: epochSeconds(now) + ttlSeconds },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return token;
  },
  async resolveUnsubscribeToken(token, now) {
    if (!UNSUBSCRIBE_TOKEN.test(token)) return undefined;
    const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: tokenKey(token) }));
    const item = out.Item;
    // The table's TTL deletes late: an expired item still read is refused here.
    if (!item || isExpired(item, now) || typeof item.email !== 'string' || typeof item.mailing !== 'string') return undefined;
    return { email: item.email, mailing: item.mailing };
  },
};
