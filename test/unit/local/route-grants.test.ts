import { randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { actionsFor } from '#adapters/iam-actions';
import { SUBMISSIONS_INDEX } from '#domain/ports/submissions';
import { config, setConfig } from '#lambdas/config';
import { route, type RouteDef } from '#lambdas/routes';
import { asRoute, enforceRouteGrants, leadingKeysOf, outsideRoutes, refusal, resourceOf, stringLike } from '#local/route-grants';

const reader = {
  name: 'readSomething',
  grants: [{ resource: 'statusTable' as const, calls: ['GetCommand' as const], actions: actionsFor('statusTable', ['GetCommand']) }],
};

describe('the local stack plays IAM for each route', () => {
  it('names the resource a call reaches from its table, index or bucket', () => {
    const c = config();
    expect(resourceOf({ TableName: c.statusTable })).toBe('statusTable');
    expect(resourceOf({ TableName: c.answersTable, IndexName: SUBMISSIONS_INDEX })).toBe('submissionsIndex');
    expect(resourceOf({ TableName: c.answersTable })).toBe('answersTable');
    expect(resourceOf({ Bucket: c.documentsBucket, Key: 'x' } as object)).toBe('documentsBucket');
    expect(resourceOf({ TableName: 'somebody-elses' })).toBeUndefined();
  });

  it('allows what a row grants and refuses, in IAM’s words, what it does not', () => {
    const c = config();
    expect(refusal(reader, 'GetItemCommand', { TableName: c.statusTable })).toBeUndefined();
    expect(refusal(reader, 'UpdateItemCommand', { TableName: c.statusTable })).toMatch(
      /readSomething is not authorized to perform: dynamodb:UpdateItem on resource: statusTable.*grants dynamodb:GetItem there/,
    );
    expect(refusal(reader, 'GetItemCommand', { TableName: c.answersTable })).toMatch(/dynamodb:GetItem on resource: answersTable.*grants nothing there/);
    expect(refusal(reader, 'BatchWriteItemCommand', { RequestItems: {} })).toMatch(/no adapter declares/);
  });

  it('plays dynamodb:LeadingKeys: a grant limited to some partitions allows a call only on them, as another grant may', () => {
    const c = config();
    const recommender = {
      name: 'readRecommendationRequest',
      grants: [{ ...reader.grants[0]!, keys: ['recommendations#*', 'rate#lookup-link#*'] }],
    };
    const get = (pk: unknown) => refusal(recommender, 'GetItemCommand', { TableName: c.statusTable, Key: { pk, sk: 'x' } });
    expect(get('recommendations#abc')).toBeUndefined();
    expect(get({ S: 'rate#lookup-link#h' })).toBeUndefined();
    expect(get('0b7c6a9e-0000-4000-8000-000000000000')).toMatch(
      /readRecommendationRequest is not authorized to perform: dynamodb:GetItem on resource: statusTable \(partition 0b7c6a9e-.*\).*grants dynamodb:GetItem on partitions recommendations#\*, rate#lookup-link#\* there/,
    );
    expect(get('rate#invitations#someone')).toBeDefined();
    // A query names its partition in its key condition; the same action granted whole elsewhere allows it.
    const query = (pk: string) => ({
      TableName: c.statusTable,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)',
      ExpressionAttributeValues: { ':pk': pk, ':r': 'rec#' },
    });
    expect(refusal(recommender, 'QueryCommand', query('recommendations#abc'))).toMatch(/dynamodb:Query/);
    const reads = {
      ...recommender,
      grants: [
        ...recommender.grants,
        { resource: 'statusTable' as const, calls: ['QueryCommand' as const], actions: ['dynamodb:Query'], keys: ['recommendations#*'] },
      ],
    };
    expect(refusal(reads, 'QueryCommand', query('recommendations#abc'))).toBeUndefined();
    expect(refusal(reads, 'QueryCommand', query('releases'))).toMatch(/partition releases/);
    expect(refusal({ ...reads, grants: [...reads.grants, { ...reads.grants[1]!, keys: undefined }] }, 'QueryCommand', query('releases'))).toBeUndefined();
  });

  it('checks each key of a batch read against the grant’s partitions, as IAM’s LeadingKeys does', () => {
    const c = config();
    const dashboard = {
      name: 'readDashboard',
      grants: [
        {
          resource: 'statusTable' as const,
          calls: ['BatchGetCommand' as const],
          actions: actionsFor('statusTable', ['BatchGetCommand']),
          keys: ['dashboard#*'],
        },
      ],
    };
    const batch = (...pks: unknown[]) => ({ RequestItems: { [c.statusTable]: { Keys: pks.map((pk) => ({ pk, sk: 'counts' })) } } });
    expect(refusal(dashboard, 'BatchGetItemCommand', batch('dashboard#cycle#2027', { S: 'dashboard#readers#2026-11-30' }))).toBeUndefined();
    expect(refusal(dashboard, 'BatchGetItemCommand', batch('dashboard#cycle#2027', 'reading#open'))).toMatch(
      /readDashboard is not authorized to perform: dynamodb:BatchGetItem on resource: statusTable \(partition reading#open\)/,
    );
    expect(refusal(dashboard, 'BatchGetItemCommand', { RequestItems: { [c.answersTable]: { Keys: [{ pk: 'dashboard#x', sk: 'y' }] } } })).toMatch(
      /dynamodb:BatchGetItem on resource: answersTable/,
    );
  });

  it('finds the partition a call names in its Key, its Item or its key condition (by name or placeholder), and none for an index', () => {
    expect(leadingKeysOf({ Key: { pk: 'a', sk: 'b' } })).toEqual(['a']);
    expect(leadingKeysOf({ Item: { pk: { S: 'c' }, sk: { S: 'd' } } })).toEqual(['c']);
    expect(leadingKeysOf({ KeyConditionExpression: '#p = :v', ExpressionAttributeNames: { '#p': 'pk' }, ExpressionAttributeValues: { ':v': 'e' } })).toEqual([
      'e',
    ]);
    expect(leadingKeysOf({ KeyConditionExpression: 'sk = :s AND pk = :p', ExpressionAttributeValues: { ':s': 'x', ':p': 'f' } })).toEqual(['f']);
    expect(leadingKeysOf({ IndexName: 'trail', KeyConditionExpression: 'action = :a', ExpressionAttributeValues: { ':a': 'read' } })).toEqual([]);
    expect(resourceOf({ TableName: config().auditTable, IndexName: 'trail' })).toBe('auditTrailIndex');
  });

  it('matches partitions as IAM’s StringLike does', () => {
    expect(stringLike('rec#*', 'rec#1')).toBe(true);
    expect(stringLike('rec#*', 'rectoken#1')).toBe(false);
    expect(stringLike('office', 'office')).toBe(true);
    expect(stringLike('office', 'office2')).toBe(false);
    expect(stringLike('????????-????-????-????-????????????', '0b7c6a9e-0000-4000-8000-000000000000')).toBe(true);
    expect(stringLike('????????-????-????-????-????????????', 'staff#0b7c6a9e-0000-4000-8000-000000000000')).toBe(false);
    expect(stringLike('a.b(c)*', 'a.b(c)d')).toBe(true);
    expect(stringLike('a.b*', 'axb')).toBe(false);
  });

  it('refuses an ungranted call of a real client with AccessDeniedException before it is sent, and leaves work outside routes alone', async () => {
    setConfig({ dynamodbEndpoint: 'http://127.0.0.1:9' });
    const refused: string[] = [];
    enforceRouteGrants(['local-identity'], (name) => refused.push(name));
    const row = { ...route('readProfile'), name: 'readProfile' } as RouteDef;
    const update = () =>
      dynamoClient().send(
        new UpdateCommand({
          TableName: config().answersTable,
          Key: { pk: 'x', sk: 'y' },
          UpdateExpression: 'SET a = :a',
          ExpressionAttributeValues: { ':a': 1 },
        }),
      );
    await expect(asRoute(row, update)).rejects.toMatchObject({ name: 'AccessDeniedException', $metadata: { httpStatusCode: 400 } });
    expect(refused).toEqual(['readProfile']);
    // Granted (the session's read, in an applicant's partition), or outside any route: the call goes to the (absent) endpoint and fails there instead.
    const read = () => dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: randomUUID(), sk: 'session' } }));
    await expect(asRoute(row, outsideRoutes(update))).rejects.not.toMatchObject({ name: 'AccessDeniedException' });
    await expect(update()).rejects.not.toMatchObject({ name: 'AccessDeniedException' });
    await expect(asRoute(row, read)).rejects.not.toMatchObject({ name: 'AccessDeniedException' });
    expect(refused).toEqual(['readProfile']);
    // The same read of a partition outside the route's (a staff member's sessions) is refused.
    const staffRead = () => dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: `staff#${randomUUID()}`, sk: 'session' } }));
    await expect(asRoute(row, staffRead)).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(refused).toEqual(['readProfile', 'readProfile']);
  });
});
