/**
 * The embedded AWS stand-ins: dynalite (DynamoDB API, LevelDB on disk) and s3rver (S3 API,
 * files on disk), each in its own process on a loopback port chosen by the OS, with the tables
 * and buckets the product needs created when absent.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CreateTableCommand, DescribeTableCommand, DynamoDBClient, ResourceNotFoundException } from '@aws-sdk/client-dynamodb';
import type { S3rverEventRecord } from 's3rver';
import { stackNodeArgs, stopChild } from './child-process';

export interface LocalServers {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  onObjectCreated(listener: (record: S3rverEventRecord) => void): void;
  close(): Promise<void>;
}

export async function startServers(dataDir: string, buckets: string[]): Promise<LocalServers> {
  mkdirSync(join(dataDir, 'dynamodb'), { recursive: true });
  mkdirSync(join(dataDir, 's3'), { recursive: true });

  // dynalite and s3rver each run in a child process: their LevelDB, JSON, multipart and file
  // work would otherwise share one event loop (one core) with every API request.
  const dynamo = startChild('dynalite-child.ts', { DYNALITE_PATH: join(dataDir, 'dynamodb') });
  const s3 = startChild('s3rver-child.ts', { S3RVER_DIRECTORY: join(dataDir, 's3'), S3RVER_BUCKETS: JSON.stringify(buckets) });
  const listeners: Array<(record: S3rverEventRecord) => void> = [];
  s3.process.on('message', (m: { record?: S3rverEventRecord }) => {
    if (m.record) for (const l of listeners) l(m.record);
  });
  const [dynamoPort, s3Port] = await Promise.all([dynamo.port, s3.port]).catch(async (error: unknown) => {
    await Promise.all([stopChild(s3.process), stopChild(dynamo.process)]);
    throw error;
  });

  return {
    dynamodbEndpoint: `http://127.0.0.1:${dynamoPort}`,
    s3Endpoint: `http://127.0.0.1:${s3Port}`,
    onObjectCreated: (listener) => listeners.push(listener),
    close: async () => {
      await Promise.all([stopChild(s3.process), stopChild(dynamo.process)]);
    },
  };
}

function startChild(script: string, env: Record<string, string>): { process: ChildProcess; port: Promise<number> } {
  const child = fork(join(import.meta.dirname, script), [], {
    execArgv: [...stackNodeArgs(), '--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = new Promise<number>((resolve, reject) => {
    const onMessage = (m: { port?: number }) => {
      if (m.port === undefined) return;
      child.off('message', onMessage);
      resolve(m.port);
    };
    child.on('message', onMessage);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} (is another stack using the same data directory?)`)));
  });
  return { process: child, port };
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
