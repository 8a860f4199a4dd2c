/**
 * The embedded AWS stand-ins: dynalite (DynamoDB API, LevelDB on disk) and s3rver (S3 API,
 * files on disk), on loopback ports chosen by the OS, with the tables and buckets the
 * product needs created when absent.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fork } from 'node:child_process';
import S3rver, { type S3rverEventRecord } from 's3rver';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';

export interface LocalServers {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  onObjectCreated(listener: (record: S3rverEventRecord) => void): void;
  close(): Promise<void>;
}

export async function startServers(dataDir: string, buckets: string[]): Promise<LocalServers> {
  mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  mkdirSync(join(dataDir, 's3'), { recursive: true });

  // dynalite runs in a child process: its LevelDB and JSON work would otherwise share one event
  // loop (one core) with every API request.
  const dynamo = fork(join(import.meta.dirname, 'dynalite-child.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DYNALITE_PATH: join(dataDir, 'dynamodb') },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const dynamoPort = await new Promise<number>((resolve, reject) => {
    dynamo.once('message', (m: { port: number }) => resolve(m.port));
    dynamo.once('exit', (code) => reject(new Error(`dynalite exited with ${code} (is another stack using ${dataDir}?)`)));
  });
  const dynamodbEndpoint = `http://127.0.0.1:${dynamoPort}`;

  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: join(dataDir, 's3'),
    configureBuckets: buckets.map((name) => ({ name })),
    // Path-style only: the SDK is set to forcePathStyle locally.
    vhostBuckets: false,
  });
  const s3Address = await s3.run();
  const s3Endpoint = `http://127.0.0.1:${s3Address.port}`;

  const listeners: Array<(record: S3rverEventRecord) => void> = [];
  s3.on('event', (event) => {
    for (const record of event.Records) {
      if (record.eventName.startsWith('ObjectCreated:')) for (const l of listeners) l(record);
    }
  });

  return {
    dynamodbEndpoint,
    s3Endpoint,
    onObjectCreated: (listener) => listeners.push(listener),
    close: async () => {
      await s3.close();
      if (dynamo.exitCode === null && dynamo.signalCode === null) {
        const exited = new Promise((r) => dynamo.once('exit', r));
        dynamo.disconnect();
        const timer = setTimeout(() => dynamo.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Creates each table (pk, sk; on demand) unless it exists, and waits until it is active. */
export async function ensureTables(endpoint: string, tables: string[]): Promise<void> {
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  for (const TableName of tables) {
    try {
      await client.send(new DescribeTableCommand({ TableName }));
      continue;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException) && (error as Error).name !== 'ResourceNotFoundException') throw error;
    }
    await client.send(
      new CreateTableCommand({
        TableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
        ],
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
      }),
    );
    // dynalite creates tables asynchronously even with createTableMs 0.
    for (let attempt = 0; attempt < 50; attempt++) {
      const { Table } = await client.send(new DescribeTableCommand({ TableName }));
      if (Table?.TableStatus === 'ACTIVE') break;
      await new Promise((ok) => setTimeout(ok, 20));
    }
  }
  client.destroy();
}
