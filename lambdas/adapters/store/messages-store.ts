/**
 * Messages to applicants in the status table (domain/ports/messages.ts):
 *   mailings / mailing#<id>              a mailing: its words, filter, state, who wrote and sent it
 *   mailing#<id> / to#<application>      its send ledger: a recipient's row, put once (attribute_not_exists),
 *                                        then queued → sending → sent | failed | suppressed by conditional updates
 *   messages#<application> / mailing#<id>  the message the application received, for its Messages section
 * Nothing here is in the applicant's partition (which the applicant's routes reach whole): their
 * one route reads the messages partition alone. The erasure deletes an application's messages
 * and its row in each mailing's ledger (erasure-store.ts).
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplicantMessages, LedgerRow, MailingStore, SendLedger, StoredMailing } from '#domain/ports/messages';
import type { ApplicantMessage } from '#form/wire/messages';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, MAILINGS_PK, mailingLedgerPk, messagesPk } from './keys';
import { readAllItems } from './pages';
import { OCCASION_PREFIX } from './reminders-store';

const MAILING_PREFIX = 'mailing#';
const ROW_PREFIX = 'to#';
const mailingKey = (id: string) => ({ pk: MAILINGS_PK, sk: `${MAILING_PREFIX}${id}` });
const rowKey = (mailing: string, application: string) => ({ pk: mailingLedgerPk(mailing), sk: `${ROW_PREFIX}${application}` });
const messageKey = (application: string, mailing: string) => ({ pk: messagesPk(application), sk: `${MAILING_PREFIX}${mailing}` });

const table = () => config().statusTable;

function mailingOf(item: Record<string, unknown> | undefined): StoredMailing | undefined {
  if (!item || typeof item.id !== 'string' || typeof item.state !== 'string') return undefined;
  const { pk: _pk, sk: _sk, ...mailing } = item;
  return mailing as unknown as StoredMailing;
}

function rowOf(item: Record<string, unknown> | undefined): LedgerRow | undefined {
  if (!item || typeof item.application !== 'string' || typeof item.state !== 'string') return undefined;
  const { pk: _pk, sk: _sk, ...row } = item;
  return row as unknown as LedgerRow;
}

function messageOf(item: Record<string, unknown>): ApplicantMessage | undefined {
  const { id, subject, text, sent_at } = item;
  if (typeof id !== 'string' || typeof subject !== 'string' || typeof text !== 'string' || typeof sent_at !== 'string') return undefined;
  return { id, subject, text, sent_at };
}

const query =
  (pk: string, prefix: string, newestFirst = false) =>
  (from: { ExclusiveStartKey?: Record<string, unknown> }) =>
    dynamoClient().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
        ConsistentRead: true,
        ScanIndexForward: !newestFirst,
        ...from,
      }),
    );

export const mailingStore: MailingStore = {
  async createMailing(mailing) {
    await dynamoClient().send(
      new PutCommand({ TableName: table(), Item: { ...mailingKey(mailing.id), ...mailing }, ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  },
  async readMailing(id) {
    const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: mailingKey(id), ConsistentRead: true }));
    return mailingOf(out.Item);
  },
  // Ids begin with their creation time, so the sort key's order is the mailings' age.
  listMailings: () => readAllItems(query(MAILINGS_PK, MAILING_PREFIX, true), mailingOf),
  async updateMailing(id, from, change) {
    const entries = Object.entries(change).filter(([, v]) => v !== undefined);
    const names = Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k]));
    const values = Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v]));
    const done = await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: mailingKey(id),
          UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :v${i}`).join(', ')}`,
          ConditionExpression: '#state = :from',
          ExpressionAttributeNames: { ...names, '#state': 'state' },
          ExpressionAttributeValues: { ...values, ':from': from },
        }),
      ),
    );
    return done !== undefined;
  },
};

export const sendLedger: SendLedger = {
  async queueRecipient(row) {
    const done = await conditional(() =>
      dynamoClient().send(
        new PutCommand({ TableName: table(), Item: { ...rowKey(row.mailing, row.application), ...row }, ConditionExpression: 'attribute_not_exists(pk)' }),
      ),
    );
    return done !== undefined;
  },
  async readRow(mailing, application) {
    const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: rowKey(mailing, application), ConsistentRead: true }));
    return rowOf(out.Item);
  },
  listRows: (mailing) => readAllItems(query(mailingLedgerPk(mailing), ROW_PREFIX), rowOf),
  async claimRow(mailing, application, at) {
    const done = await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: rowKey(mailing, application),
          UpdateExpression: 'SET #state = :sending, #at = :at',
          ConditionExpression: '#state = :queued',
          ExpressionAttributeNames: { '#state': 'state', '#at': 'at' },
          ExpressionAttributeValues: { ':sending': 'sending', ':queued': 'queued', ':at': at.toISOString() },
        }),
      ),
    );
    return done !== undefined;
  },
  async finishRow(mailing, application, outcome, at) {
    // Only from sending: a row ended once stays as it ended.
    await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: rowKey(mailing, application),
          UpdateExpression: `SET #state = :state, #at = :at, ${outcome.state === 'sent' ? 'message_id = :detail' : 'reason = :detail'}`,
          ConditionExpression: '#state = :sending',
          ExpressionAttributeNames: { '#state': 'state', '#at': 'at' },
          ExpressionAttributeValues: {
            ':state': outcome.state,
            ':at': at.toISOString(),
            ':sending': 'sending',
            ':detail': outcome.state === 'sent' ? outcome.messageId : outcome.reason,
          },
        }),
      ),
    );
  },
  async requeueRow(mailing, application, reason, at) {
    await conditional(() =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: table(),
          Key: rowKey(mailing, application),
          UpdateExpression: 'SET #state = :queued, #at = :at, reason = :reason ADD attempts :one',
          ConditionExpression: '#state = :sending',
          ExpressionAttributeNames: { '#state': 'state', '#at': 'at' },
          ExpressionAttributeValues: { ':queued': 'queued', ':sending': 'sending', ':at': at.toISOString(), ':reason': reason, ':one': 1 },
        }),
      ),
    );
  },
};

export const applicantMessages: ApplicantMessages = {
  async putMessage(application, message) {
    await dynamoClient().send(new PutCommand({ TableName: table(), Item: { ...messageKey(application, message.mailing), ...message } }));
  },
  async listMessages(application) {
    const messages = await readAllItems(query(messagesPk(application), MAILING_PREFIX), messageOf);
    return messages.sort((a, b) => b.sent_at.localeCompare(a.sent_at));
  },
  async hasMessage(application, mailing) {
    const out = await dynamoClient().send(
      new GetCommand({ TableName: table(), Key: messageKey(application, mailing), ProjectionExpression: 'pk', ConsistentRead: true }),
    );
    return out.Item !== undefined;
  },
};

/**
 * What the erasure deletes of an application here (erasure-store.ts): its messages, and its row in
 * each mailing's ledger (one read per mailing: the office sends a few a day, and a row holds the
 * address it was sent to), and in each reminder occasion's. Only the items there are listed, so the erasure's counts stay true.
 */
export async function messageItemsOf(application: string): Promise<Array<{ pk: string; sk: string }>> {
  const messages = await readAllItems(query(messagesPk(application), MAILING_PREFIX), (item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  const mailings = await readAllItems(query(MAILINGS_PK, MAILING_PREFIX), (item) => (typeof item.id === 'string' ? item.id : undefined));
  // The reminders' occasions have ledgers of their own (reminders-store.ts).
  mailings.push(...(await readAllItems(query(MAILINGS_PK, OCCASION_PREFIX), (item) => (typeof item.occasion === 'string' ? item.occasion : undefined))));
  const rows = await Promise.all(
    mailings.map(async (mailing) => {
      const out = await dynamoClient().send(new GetCommand({ TableName: table(), Key: rowKey(mailing, application), ProjectionExpression: 'pk' }));
      return out.Item ? [rowKey(mailing, application)] : [];
    }),
  );
  return [...messages, ...rows.flat()];
}
