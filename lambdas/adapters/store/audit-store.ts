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
 */
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AuditAction, AuditPage, AuditRecord } from '#domain/ports/audit';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';

export type { AuditAction, AuditPage, AuditRecord };

const OFFICE = 'office';
const partitionOf = (application?: string) => (application ? `application#${application}` : OFFICE);

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
  const items = (out.Items ?? []).map((item) => {
    const record: AuditRecord = { at: String(item.at), staff: String(item.staff), action: item.action as AuditAction, ip: String(item.ip) };
    if (typeof item.application === 'string') record.application = item.application;
    if (item.detail && typeof item.detail === 'object') record.detail = item.detail as Record<string, string>;
    return record;
  });
  const next = typeof out.LastEvaluatedKey?.sk === 'string' ? out.LastEvaluatedKey.sk : undefined;
  return next ? { items, next } : { items };
}
