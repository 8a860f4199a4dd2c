/**
 * The DynamoDB calls a route makes, recorded as the stack's code sends them (in this process: the
 * local stack's handlers run here), and sent again straight to the same dynalite with
 * ReturnConsumedCapacity: the baseline the SIS and office benchmarks measure a route against.
 */
import {
  BatchGetItemCommand,
  DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand as QueryItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { onSdkClient } from '#adapters/clients';

export interface Recorded {
  command: string;
  input: Record<string, unknown>;
}

/** Every DynamoDB command the stack's code sends while a recording runs. */
let recording: Recorded[] | undefined;
onSdkClient((client) => {
  if (client.service !== 'dynamodb') return;
  client.stack.add(
    <I extends { input: object }, O>(next: (args: I) => Promise<O>, context: { commandName?: string }) =>
      (args: I): Promise<O> => {
        recording?.push({ command: context.commandName ?? '', input: structuredClone(args.input) as Record<string, unknown> });
        return next(args);
      },
    { step: 'initialize', priority: 'low', name: 'benchRecorder' },
  );
});

/** Starts recording (what was recorded before is dropped). */
export function startRecording(): void {
  recording = [];
}

/** Ends the recording: the calls sent since it started, in the order they were sent. */
export function stopRecording(): Recorded[] {
  const made = recording ?? [];
  recording = undefined;
  return made;
}

export interface Raw {
  base: DynamoDBClient;
  doc: DynamoDBDocumentClient;
}

export function rawClients(endpoint: string): Raw {
  const base = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  return { base, doc: DynamoDBDocumentClient.from(base) };
}

/** The document client's commands by the name the recorder saw, and the low-level ones for an input already marshalled. */
const DOCUMENT = { GetCommand, QueryCommand, PutCommand, UpdateCommand, BatchGetCommand } as const;
const LOW_LEVEL = { GetItemCommand, QueryCommand: QueryItemsCommand, PutItemCommand, UpdateItemCommand, BatchGetCommand: BatchGetItemCommand } as const;
const WRITES = ['PutCommand', 'UpdateCommand', 'PutItemCommand', 'UpdateItemCommand'];

export interface Capacity {
  read: number;
  write: number;
  /** Write requests: each one's units are counted where DynamoDB answers them (a refused conditional put answers none). */
  writes: number;
}

export const isWrite = (call: Recorded): boolean => WRITES.includes(call.command);

export async function send(db: Raw, call: Recorded, capacity: Capacity): Promise<void> {
  const input = { ...call.input, ReturnConsumedCapacity: 'TOTAL' } as never;
  // Whether the document client's marshalling ran before the recorder saw it: the input's values as `{S: …}`.
  const marshalled = /\{"S":/.test(JSON.stringify(call.input));
  const names = (marshalled ? LOW_LEVEL : DOCUMENT) as unknown as Record<string, new (input: never) => never>;
  const byName = names[call.command] ?? names[call.command.replace(/Item(s)?Command$/, 'Command')] ?? names[call.command.replace(/Command$/, 'ItemCommand')];
  if (!byName) throw new Error(`the bench cannot replay ${call.command}`);
  const out = (await (marshalled ? db.base.send(new byName(input)) : db.doc.send(new byName(input))).catch((error: unknown) => {
    // A put conditional on a new key the route's own put took: the same round trip, refused.
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return {};
    throw error;
  })) as { ConsumedCapacity?: { CapacityUnits?: number } | Array<{ CapacityUnits?: number }> };
  // A batch answers its units table by table.
  const units = [out.ConsumedCapacity ?? []].flat().reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0);
  if (isWrite(call)) {
    capacity.write += units;
    capacity.writes += 1;
  } else capacity.read += units;
}
