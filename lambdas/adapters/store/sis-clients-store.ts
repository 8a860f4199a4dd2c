/**
 * The student information system's machine clients, in the status table: pk=sis-clients
 * sk=client#<id>, one partition (an office has a handful), so the list is one query. What the
 * admin's command does (make, list, revoke); what every machine call does (read one, mark its
 * use) is sis-client-use.ts, which the routes' bundles carry alone.
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { SisClientRecord, SisClientStore } from '#domain/ports/sis-clients';
import { config } from '#lambdas/config';
import { dynamoClient } from '../clients';
import { conditional, SIS_CLIENTS_PK as PK } from './keys';
import { readAllItems } from './pages';
import { markUsed, readClient, recordOf, setClientTime, sisClientSk as skOf } from './sis-client-use';

const table = () => config().statusTable;

async function listClients(): Promise<SisClientRecord[]> {
  return readAllItems(
    (from) =>
      dynamoClient().send(
        new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': PK }, ConsistentRead: true, ...from }),
      ),
    recordOf,
  );
}

/** Unique names: a name taken is refused (an admin adds clients one at a time; the list is read first). */
async function createClient(client: SisClientRecord): Promise<boolean> {
  if ((await listClients()).some((c) => c.name === client.name)) return false;
  const written = await conditional(() =>
    dynamoClient().send(
      new PutCommand({ TableName: table(), Item: { pk: PK, sk: skOf(client.id), ...client }, ConditionExpression: 'attribute_not_exists(pk)' }),
    ),
  );
  return written !== undefined;
}

/** Once: a second revocation keeps the first time. */
const revokeClient = (id: string, at: string): Promise<void> => setClientTime(id, 'revokedAt', at, true);

export const sisClientStore: SisClientStore = { createClient, readClient, listClients, revokeClient, markUsed };
