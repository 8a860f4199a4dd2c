/**
 * The office's decision record of an application (domain/ports/decisions.ts): one item beside the
 * submission (pk=<sub>, sk=decision), every write conditional on the version read, so two staff
 * members deciding at once cannot both win. The staff list shows the decision and the reply
 * without reading this item: the submission's answers item carries the copies `office_decision`
 * and `office_reply`, written after the record (a crash between leaves the copy one write behind
 * until the next write of the record).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { officeReplyOf, type DecisionRecord, type DecisionStore } from '#domain/ports/decisions';
import { isDecision, isReplyChoice } from '#form/wire/decision-words';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { submittedItemUpdate } from './change-stamp';
import { sendCounted } from './dashboard-counters';
import { isConditionalFailure } from './keys';

const DECISION_SK = 'decision';
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function fromItem(item: Record<string, unknown> | undefined): DecisionRecord | undefined {
  if (!item || !isDecision(item.decision) || typeof item.version !== 'number') return undefined;
  const record: DecisionRecord = {
    decision: item.decision,
    note: text(item.note),
    decided_by: text(item.decided_by),
    decided_at: text(item.decided_at),
    version: item.version,
  };
  const released = item.released as Record<string, unknown> | undefined;
  if (released && isDecision(released.decision) && typeof released.at === 'string') {
    record.released = { decision: released.decision, at: released.at, release_id: text(released.release_id) };
  }
  const reply = item.reply as Record<string, unknown> | undefined;
  if (reply && isReplyChoice(reply.choice) && typeof reply.at === 'string')
    record.reply = { choice: reply.choice, at: reply.at, ...(reply.expired === true ? { expired: true as const } : {}) };
  if (typeof item.releasing === 'string') record.releasing = item.releasing;
  if (item.expiring === true) record.expiring = true;
  return record;
}

export async function readDecision(id: string): Promise<DecisionRecord | undefined> {
  const out = await dynamoClient().send(new GetCommand({ TableName: config().answersTable, Key: { pk: id, sk: DECISION_SK }, ConsistentRead: true }));
  return fromItem(out.Item);
}

export async function writeDecision(id: string, record: DecisionRecord, expectedVersion: number): Promise<boolean> {
  const { released, reply, releasing, expiring, ...fields } = record;
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: config().answersTable,
        Item: {
          pk: id,
          sk: DECISION_SK,
          ...fields,
          ...(released ? { released } : {}),
          ...(reply ? { reply } : {}),
          ...(releasing ? { releasing } : {}),
          ...(expiring ? { expiring } : {}),
        },
        ConditionExpression: expectedVersion === 0 ? 'attribute_not_exists(pk)' : 'version = :v',
        ...(expectedVersion === 0 ? {} : { ExpressionAttributeValues: { ':v': expectedVersion } }),
      }),
    );
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
  await copyOntoSubmission(id, record);
  return true;
}

/** The list's copies; never older than what is there (the record's version orders them). */
async function copyOntoSubmission(id: string, record: DecisionRecord): Promise<void> {
  const reply = officeReplyOf(record.reply, record.expiring);
  try {
    await sendCounted(
      submittedItemUpdate(id, {
        UpdateExpression: reply
          ? 'SET office_decision = :d, office_decision_version = :v, office_reply = :r'
          : 'SET office_decision = :d, office_decision_version = :v REMOVE office_reply',
        ConditionExpression: 'attribute_exists(submittedAt) AND (attribute_not_exists(office_decision_version) OR office_decision_version < :v)',
        ExpressionAttributeValues: { ':d': record.decision, ':v': record.version, ...(reply ? { ':r': reply } : {}) },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

export const decisionsStore: DecisionStore = { readDecision, writeDecision };
