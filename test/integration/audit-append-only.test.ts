/**
 * The audit trail cannot be overwritten through its adapter: a put whose key already holds a
 * record is refused by the table (dynalite here, DynamoDB in AWS), and the record stays as it was.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { appendAudit, readAudit } from '#adapters/store/audit-store';
import { setConfig } from '#lambdas/config';
import { expiryPorts } from '#wiring/cycles';

describe('the audit trail', () => {
  beforeAll(() => {
    setConfig({ dynamodbEndpoint: inject('dynamodbEndpoint'), s3Endpoint: inject('s3Endpoint') });
  });

  it('refuses a record written over an existing one, and keeps the original', async () => {
    const application = randomUUID();
    const at = new Date('2026-03-01T10:00:00.000Z');
    const sameKey = () => 'one-key';
    const original = await appendAudit({ staff: 'reader@example.edu', action: 'read', application, ip: '203.0.113.7' }, at, sameKey);
    const overwrite = appendAudit({ staff: 'someone-else@example.edu', action: 'export.csv', application, ip: '198.51.100.1' }, at, sameKey);
    await expect(overwrite).rejects.toMatchObject({ name: 'ConditionalCheckFailedException' });
    expect((await readAudit(application, 10)).items).toEqual([original]);
    // A new key is a new record beside it, as every real append is.
    const next = await appendAudit({ staff: 'reader@example.edu', action: 'read', application, ip: '203.0.113.7' }, at);
    expect((await readAudit(application, 10)).items).toHaveLength(2);
    expect((await readAudit(application, 10)).items).toContainEqual(next);
  });

  it("keeps one record of an offer's expiry that a resumed sweep appends again under the same key", async () => {
    const application = randomUUID();
    const ports = await expiryPorts();
    const at = new Date('2027-01-16T06:00:00.000Z');
    const record = { action: 'offer.expire' as const, application, detail: { decision: 'admit', reply_by: '2027-01-15' } };
    await ports.audit(record, at, 'offer.expire#r1');
    await expect(ports.audit(record, at, 'offer.expire#r1')).resolves.toBeUndefined();
    expect((await readAudit(application, 10)).items).toEqual([{ at: at.toISOString(), staff: 'system', ip: '', ...record }]);
  });
});
