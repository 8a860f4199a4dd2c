import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { dynamoClient } from '#adapters/clients';
import { actionsFor } from '#adapters/iam-actions';
import { SUBMISSIONS_INDEX } from '#domain/ports/submissions';
import { config, setConfig } from '#lambdas/config';
import { route, type RouteDef } from '#lambdas/routes';
import { asRoute, enforceRouteGrants, outsideRoutes, refusal, resourceOf } from '#local/route-grants';

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
    // Granted, or outside any route: the call goes to the (absent) endpoint and fails there instead.
    const read = () => dynamoClient().send(new GetCommand({ TableName: config().statusTable, Key: { pk: 'x', sk: 'y' } }));
    await expect(asRoute(row, outsideRoutes(update))).rejects.not.toMatchObject({ name: 'AccessDeniedException' });
    await expect(update()).rejects.not.toMatchObject({ name: 'AccessDeniedException' });
    await expect(asRoute(row, read)).rejects.not.toMatchObject({ name: 'AccessDeniedException' });
    expect(refused).toEqual(['readProfile']);
  });
});
