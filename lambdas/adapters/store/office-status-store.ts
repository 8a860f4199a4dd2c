/**
 * The office status of submitted applications. The history of changes lives in the audit table
 * (the table whose records are never edited: PutItem-only grants, point-in-time recovery, the
 * locked backup), in its own partition per application, pk = history#<id>, sk = change#<number>;
 * the one put here is always conditional on a new key, so a number already taken is refused,
 * never replaced. The current status is copied onto the submission's answers item
 * (`office_status`, `office_seq`) so the staff list filters on it within the index query.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { NumberedChange, OfficeStatusStore } from '#domain/ports/office-status';
import { isOfficeStatus, type OfficeStatus } from '#form/wire/office-status';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { submittedItemUpdate } from './change-stamp';
import { sendCounted } from './dashboard-counters';
import { historyPk, isConditionalFailure } from './keys';
import { readAllItems } from './pages';

const partition = historyPk;
const sortKey = (seq: number) => `change#${String(seq).padStart(6, '0')}`;

function fromItem(item: Record<string, unknown>): NumberedChange | undefined {
  const { seq, at, staff, from, to, what, material } = item;
  if (typeof seq !== 'number' || typeof at !== 'string' || typeof staff !== 'string' || !isOfficeStatus(from) || !isOfficeStatus(to)) return undefined;
  return { seq, at, staff, from, to, what: typeof what === 'string' ? what : '', ...(typeof material === 'string' ? { material } : {}) };
}

export async function readHistory(id: string): Promise<NumberedChange[]> {
  return readAllItems(
    (from) =>
      dynamoClient().send(
        new QueryCommand({
          TableName: config().auditTable,
          KeyConditionExpression: 'pk = :pk',
          ExpressionAttributeValues: { ':pk': partition(id) },
          ConsistentRead: true,
          ...from,
        }),
      ),
    fromItem,
  );
}

export async function appendHistory(id: string, change: NumberedChange): Promise<boolean> {
  try {
    await dynamoClient().send(
      new PutCommand({
        TableName: config().auditTable,
        Item: { pk: partition(id), sk: sortKey(change.seq), ...change },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

export async function markStatus(id: string, status: OfficeStatus, seq: number): Promise<void> {
  try {
    await sendCounted(
      submittedItemUpdate(id, {
        UpdateExpression: 'SET office_status = :s, office_seq = :n',
        // Only a submission, and never back to an older change's status (a slow writer loses).
        ConditionExpression: 'attribute_exists(submittedAt) AND (attribute_not_exists(office_seq) OR office_seq < :n)',
        ExpressionAttributeValues: { ':s': status, ':n': seq },
      }),
    );
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
  }
}

export const officeStatusStore: OfficeStatusStore = { readHistory, appendHistory, markStatus };
