/**
 * The audit trail of staff access: who (staff e-mail), what (action, application, filters),
 * when, from which address. Append-only: records are only ever put as new items (the staff
 * Lambdas' grant on the table is PutItem alone, and the one put here is always conditional on a
 * new key, so even a key that came round twice could not replace a record:
 * test/integration/audit-append-only.test.ts). What protects the table in AWS against code
 * that sends a put without the condition is in docs/security.md.
 *
 * Keys: pk = application#<id> for an application's own records, office for office-wide ones
 * (lists, exports, links, audit views); sk = <ISO time>#<random>, so a partition reads newest first.
 * The trail's index (ports/audit.ts) keys every record by its action and sk: the office-wide view
 * reads it one action at a time, across every partition.
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  AUDIT_TRAIL_INDEX,
  AUDIT_TRAIL_INDEX_KEYS,
  type AuditAction,
  type AuditPage,
  type AuditRecord,
  type TrailQuery,
  type TrailSlice,
} from '#domain/ports/audit';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { OFFICE_AUDIT_PK, applicationAuditPk } from './keys';

export type { AuditPage, AuditRecord };
export { AUDIT_TRAIL_INDEX, AUDIT_TRAIL_INDEX_KEYS };

const partitionOf = (application?: string) => (application ? applicationAuditPk(application) : OFFICE_AUDIT_PK);

/** `newId` is the key's random part (a parameter only so the test can make two keys meet). */
export async function appendAudit(record: Omit<AuditRecord, 'at'>, now: Date = new Date(), newId: () => string = randomUUID): Promise<AuditRecord> {
  const full: AuditRecord = { at: now.toISOString(), ...record };
  await dynamoClient().send(
    new PutCommand({
      TableName: config().auditTable,
      Item: { pk: partitionOf(record.application), sk: `${full.at}#${newId()}`, ...full },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return full;
}

export async function readAudit(application: string | undefined, limit: number, after?: string): Promise<AuditPage> {
  const pk = partitionOf(application);
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: config().auditTable,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': pk },
      ScanIndexForward: false,
      Limit: limit,
      ...(after ? { ExclusiveStartKey: { pk, sk: after } } : {}),
    }),
  );
  const items = (out.Items ?? []).map(recordOf);
  const next = typeof out.LastEvaluatedKey?.sk === 'string' ? out.LastEvaluatedKey.sk : undefined;
  return next ? { items, next } : { items };
}

function recordOf(item: Record<string, unknown>): AuditRecord {
  const record: AuditRecord = { at: String(item.at), staff: String(item.staff), action: item.action as AuditAction, ip: String(item.ip) };
  if (typeof item.application === 'string') record.application = item.application;
  if (item.detail && typeof item.detail === 'object') record.detail = item.detail as Record<string, string>;
  return record;
}

/**
 * The highest bound below `key` that no sort key lies between: its last character one lower, then
 * the highest character (sort keys are ASCII). A key condition has one comparison on the sort key,
 * so a range with an exclusive top is a BETWEEN up to this.
 */
export const justBelow = (key: string): string => `${key.slice(0, -1)}${String.fromCharCode(key.charCodeAt(key.length - 1) - 1)}\uffff`;

/**
 * One action's records across every partition, from the trail's index, newest first: sort keys
 * from `from` and below `before` (the last record of the page before, or the end of the last day).
 * A staff filter is applied to what is read, so `limit` bounds the records read, not those returned.
 */
export async function readTrail(query: TrailQuery): Promise<TrailSlice> {
  const { partition, sort } = AUDIT_TRAIL_INDEX_KEYS;
  const out = await dynamoClient().send(
    new QueryCommand({
      TableName: config().auditTable,
      IndexName: AUDIT_TRAIL_INDEX,
      KeyConditionExpression: '#action = :action AND #sort BETWEEN :from AND :before',
      ...(query.staff ? { FilterExpression: '#staff = :staff' } : {}),
      ExpressionAttributeNames: { '#action': partition, '#sort': sort, ...(query.staff ? { '#staff': 'staff' } : {}) },
      ExpressionAttributeValues: {
        ':action': query.action,
        ':from': query.from,
        ':before': justBelow(query.before),
        ...(query.staff ? { ':staff': query.staff } : {}),
      },
      ScanIndexForward: false,
      Limit: query.limit,
    }),
  );
  const items = (out.Items ?? []).map((item) => ({ ...recordOf(item), key: String(item[sort]) }));
  const more: unknown = out.LastEvaluatedKey?.[sort];
  return typeof more === 'string' ? { items, more } : { items };
}
